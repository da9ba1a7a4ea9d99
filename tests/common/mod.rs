//! Shared test support. The black-box tests start the real `dashwire` binary ([`server`]) on
//! a fresh database ([`db`]) and talk to it as a browser would, over HTTP ([`client`]) and
//! WebSocket ([`ws`]); the realtime tests run on three setups ([`deployment`]). The
//! `store_*` tests call the library directly ([`store`]).
//!
//! Every test binary compiles all of this and uses a part of it, hence the `allow`.
#![allow(dead_code, unused_imports)]

pub mod chat;
pub mod client;
pub mod db;
pub mod deployment;
pub mod posts;
pub mod s3;
pub mod server;
pub mod services;
pub mod store;
pub mod ws;

pub use client::{Answer, Client};
pub use db::{BOTH, Kind, TestDb, pg_admin_url};
pub use server::{Server, on_each_backend};

/// Names what a test was running on (a backend, a setup) when it fails while this is alive.
/// A loop over setups holds one per pass, so a failure anywhere, in a helper's timeout or an
/// `unwrap`, still says which setup it happened on.
pub struct RunningOn(pub String);

impl Drop for RunningOn {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("^ this failure happened on {}", self.0);
        }
    }
}
