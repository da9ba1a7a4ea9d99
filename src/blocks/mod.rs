//! Blocks between blogs (spec 002 §6): a blocked blog's user stops following the blocker and
//! can no longer follow or message it; the blocker's user stops following the blocked blog,
//! and its posts leave their likes page and what they find across blogs. What a block hides
//! is read where it is hidden, from `blogs::blocks`.

mod http;
pub(crate) mod store;

pub(crate) use http::router;

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
}
