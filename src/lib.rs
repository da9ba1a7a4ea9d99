//! dashwire: a social blogging dashboard on a realtime-first WebSocket application server.
//!
//! The binary (`main.rs`) only parses the command line and hands it to [`run`]; everything
//! else lives here, one folder per feature over a thin core. Every module is private: what
//! the tests, benches and load generator drive directly is re-exported once, in [`testing`],
//! and `unreachable_pub` keeps every other item `pub(crate)` (or narrower).
//!
//! The core: `app` (the router and serving), `state`, `store`, `error`, `extract`, `config`,
//! `rate_limit`, `web`, and the realtime core (`realtime`), which knows no feature. The
//! features, each depending only on those listed before it: `auth` (who is calling), `blogs`,
//! `unread`, `activity`, `follows`, `notes`, `moderation`, `media`, `posts`, `composer`, `asks`,
//! `blog_viewer`, `likes`, `messaging`, `accounts`.

#![warn(unreachable_pub)]
// The docs are for the crate's own developers, who read them whole
// (`cargo doc --document-private-items`): a public item's doc may point at a private one.
#![allow(rustdoc::private_intra_doc_links)]

pub use commands::{BAD_CONFIG, run};
pub use config::Cli;

pub mod testing;

/// The paths `with_pool!` and `with_tx!` expand to, reachable from the crates that use them
/// (the tests and the load generator) as macros need: not an API.
#[doc(hidden)]
pub mod __macro_support {
    pub use crate::store::{DbPool, TxConn};
}

mod accounts;
mod activity;
mod analytics;
mod app;
mod archive;
mod asks;
mod auth;
mod blocks;
mod blog_viewer;
mod blogs;
mod client_log;
mod commands;
mod composer;
mod config;
mod demo;
mod error;
mod extract;
mod feed;
mod follows;
mod groups;
mod likes;
mod media;
mod messaging;
mod metrics;
mod moderation;
mod notes;
mod outbound;
mod paths;
mod posts;
mod rate_limit;
mod realtime;
mod search;
mod sharing;
mod state;
mod store;
#[cfg(test)]
mod typescript;
mod unread;
mod video;
mod web;
