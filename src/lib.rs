//! dashwire: a social blogging dashboard on a realtime-first WebSocket application server.
//!
//! The binary (`main.rs`) only parses the command line; everything else lives here, one
//! folder per feature (`auth`, `blogs`, `activity`) over a thin core (`app`, `store`,
//! `error`), so that black-box tests in `tests/` can start the same server.

pub mod activity;
pub mod app;
pub mod auth;
pub mod blogs;
pub mod config;
pub mod demo;
pub mod error;
pub mod extract;
pub mod loadseed;
pub mod messaging;
pub mod realtime;
pub mod store;
pub mod web;
