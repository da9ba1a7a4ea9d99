//! Accounts, sessions and the form key.

mod http;
pub mod model;
pub mod password;
pub mod rate_limit;
pub mod session;
pub mod store;
pub mod validate;

pub use http::router;
