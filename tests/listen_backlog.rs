//! The listen backlog: thousands of clients connecting at once, as after a node restart, are
//! all taken in by the kernel, none dropped to wait for a SYN retry. With `--listen-backlog
//! 128` (tokio's own) over a thousand of the 2,000 wait. Linux caps the backlog at
//! net.core.somaxconn: on a machine where that is under 2,000 this fails until it is raised.

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::{Kind, Server, TestDb};
use tokio::net::TcpStream;

/// Clients connecting at once: more than tokio's default backlog of 128 can hold while the
/// server accepts, and few enough for the test's open-file limit.
const CLIENTS: usize = 2_000;
/// A dropped SYN is sent again after 1 s: a connect that took this long waited for a retry.
const SYN_RETRY: Duration = Duration::from_secs(1);
/// Past two retries (1 s + 3 s), a connect is not coming.
const CONNECT_LIMIT: Duration = Duration::from_secs(10);

#[tokio::test(flavor = "multi_thread")]
async fn thousands_connecting_at_once_wait_for_no_syn_retry() {
    let db = TestDb::new(Kind::Sqlite).await;
    let server = Server::start(&db.url, &[]);
    let addr: SocketAddr = server.base.trim_start_matches("http://").parse().unwrap();
    let connects: Vec<_> = (0..CLIENTS)
        .map(|_| {
            tokio::spawn(async move {
                let started = Instant::now();
                let stream = tokio::time::timeout(CONNECT_LIMIT, TcpStream::connect(addr)).await;
                (started.elapsed(), stream)
            })
        })
        .collect();
    // Every connection stays open until all are made, as reconnecting clients' do.
    let mut streams = Vec::with_capacity(CLIENTS);
    let mut slow = Vec::new();
    for connect in connects {
        let (took, stream) = connect.await.unwrap();
        let stream = stream
            .unwrap_or_else(|_| panic!("a connect took over {CONNECT_LIMIT:?}"))
            .expect("connect");
        if took >= SYN_RETRY {
            slow.push(took);
        }
        streams.push(stream);
    }
    slow.sort();
    assert!(
        slow.is_empty(),
        "{} of {CLIENTS} connects waited for a SYN retry (the slowest took {:?})",
        slow.len(),
        slow.last().unwrap()
    );
    drop(streams);
    // The server still serves.
    let status = reqwest::get(format!("{}/metrics", server.base))
        .await
        .unwrap()
        .status();
    assert!(status.is_success(), "{status}");
    drop(server);
    db.cleanup().await;
}
