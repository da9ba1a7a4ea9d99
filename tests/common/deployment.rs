//! The three setups the realtime tests run on, so that every guarantee is checked with the
//! in-process bus on both databases and with the Redis bus between two nodes.

use super::{Kind, RunningOn, Server, TestDb};

/// The Redis the two-node setup fans out through; shared by every run on this machine.
pub const REDIS: &str = "redis://127.0.0.1:6379";

/// Where a realtime test runs: one node on SQLite, one on PostgreSQL, or two nodes sharing
/// PostgreSQL and Redis with HTTP calls on the first and sockets on the second, so every
/// delivery crosses the bus.
#[derive(Clone, Copy, Debug)]
pub enum Setup {
    Sqlite,
    Postgres,
    TwoNodes,
}

pub const SETUPS: [Setup; 3] = [Setup::Sqlite, Setup::Postgres, Setup::TwoNodes];

/// The servers of one setup and their database.
pub struct Deployment {
    nodes: Vec<Server>,
    db: TestDb,
    _running_on: RunningOn,
}

impl Deployment {
    pub async fn start(setup: Setup) -> Deployment {
        let running_on = RunningOn(format!("the {setup:?} setup"));
        let (db, nodes) = match setup {
            Setup::Sqlite | Setup::Postgres => {
                let kind = if matches!(setup, Setup::Sqlite) {
                    Kind::Sqlite
                } else {
                    Kind::Postgres
                };
                let db = TestDb::new(kind).await;
                let nodes = vec![Server::start(&db.url, &[])];
                (db, nodes)
            }
            Setup::TwoNodes => {
                let db = TestDb::new(Kind::Postgres).await;
                // Every run on this machine shares the one Redis, and Redis delivers by
                // channel name: a prefix made of anything less unique than the database
                // (a process id repeats across containers) would let another run's nodes
                // deliver their events to these sockets.
                let prefix = db.unique_name().to_owned();
                let args = ["--redis-url", REDIS, "--redis-prefix", &prefix];
                let nodes = vec![Server::start(&db.url, &args), Server::start(&db.url, &args)];
                (db, nodes)
            }
        };
        Deployment {
            nodes,
            db,
            _running_on: running_on,
        }
    }

    /// Where HTTP calls go.
    pub fn http(&self) -> String {
        self.nodes[0].base.clone()
    }

    /// Where sockets connect (the other node, when there are two).
    pub fn sockets(&self) -> String {
        self.nodes[self.nodes.len() - 1].base.clone()
    }

    /// The database every node of the deployment serves.
    pub fn database_url(&self) -> &str {
        &self.db.url
    }

    pub async fn stop(self) {
        let Deployment { nodes, db, .. } = self;
        drop(nodes);
        db.cleanup().await;
    }
}
