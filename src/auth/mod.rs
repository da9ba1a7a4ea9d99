//! Who is calling: sessions, the form key, passwords, apps' tokens, and the extractors
//! handlers use.
//! Builds on nothing but the core, so every feature (and the realtime core) can ask who the
//! caller is.

pub mod apps;
pub mod password;
pub mod session;
pub mod store;
pub mod validate;
