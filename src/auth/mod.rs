//! Who is calling: sessions, the form key, passwords, apps' tokens, and the extractors
//! handlers use.
//! Builds on nothing but the core, so every feature (and the realtime core) can ask who the
//! caller is.

pub(crate) mod apps;
pub mod password;
pub(crate) mod session;
pub(crate) mod store;
pub(crate) mod validate;
