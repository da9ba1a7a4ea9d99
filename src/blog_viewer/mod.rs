//! The blog viewer drawer's calls (spec 000 §2.10): a blog's posts and its header, read and
//! saved.

mod header;
mod http;

pub(crate) use http::router;

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
}
