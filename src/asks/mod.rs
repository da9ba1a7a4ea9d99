//! Asks and submissions waiting in a blog's inbox (spec 002 §7; 000 §3 Blog `asks`,
//! `anonymous_asks`): asking, answering, approving and denying, and the blog's asks settings.

mod http;
pub(crate) mod store;

/// For the web's generated limits (`typescript.rs`).
#[cfg(test)]
pub(crate) use http::MAX_QUESTION_CHARS;
pub(crate) use http::{router, update_asks};

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
}
