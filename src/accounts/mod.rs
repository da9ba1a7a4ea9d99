//! Accounts: registering and logging in, the user model every page reads (spec 002 §3
//! Current user), the blogs a user creates and acts as, the tour flag.

mod http;
pub mod model;
pub mod store;

pub use http::router;
#[cfg(test)]
pub(crate) use http::typescript;
