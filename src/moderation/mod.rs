//! Moderation (spec 002 §6, §7): administrators toggle a blog's spam, nsfw and suspended
//! flags; everyone else is refused. Who is an administrator is set from the command line
//! (`dashwire admin`), never over HTTP.

mod http;
pub mod store;

#[cfg(test)]
pub(crate) use http::typescript;
pub use http::{ADMINS_ONLY, not_suspended, router};
