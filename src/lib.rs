//! dashwire: a social blogging dashboard on a realtime-first WebSocket application server.
//!
//! The binary (`main.rs`) only parses the command line; everything else lives here, one
//! folder per feature over a thin core, so that black-box tests in `tests/` can start the
//! same server.
//!
//! The core: `app` (the router and serving), `state`, `store`, `error`, `extract`, `config`,
//! `rate_limit`, `web`, and the realtime core (`realtime`), which knows no feature. The
//! features, each depending only on those listed before it: `auth` (who is calling), `blogs`,
//! `unread`, `activity`, `follows`, `notes`, `moderation`, `media`, `posts`, `composer`, `asks`,
//! `blog_viewer`, `likes`, `messaging`, `accounts`.

pub mod accounts;
pub mod activity;
pub mod analytics;
pub mod app;
pub mod archive;
pub mod asks;
pub mod auth;
pub mod blocks;
pub mod blog_viewer;
pub mod blogs;
pub mod client_log;
pub mod composer;
pub mod config;
pub mod demo;
pub mod error;
pub mod extract;
pub mod feed;
pub mod follows;
pub mod likes;
pub mod media;
pub mod messaging;
pub mod metrics;
pub mod moderation;
pub mod notes;
pub mod outbound;
pub mod paths;
pub mod posts;
pub mod rate_limit;
pub mod realtime;
pub mod search;
pub mod sharing;
pub mod state;
pub mod store;
#[cfg(test)]
mod typescript;
pub mod unread;
pub mod video;
pub mod web;
