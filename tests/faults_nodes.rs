//! The fault model's node faults (docs/architecture.md): a node stopped for a deploy
//! (SIGTERM) under load hands its readers to the other node at once, and a node killed
//! (SIGKILL) mid-burst loses no acknowledged message, on PostgreSQL with two nodes and on
//! SQLite with one restarted.

mod common;

use std::time::{Duration, Instant};

use common::chat::{Reader, Sent, assert_read_acknowledged, assert_read_exactly, send_noted};
use common::services::OwnRedis;
use common::{Client, Kind, Server, TestDb};

fn two_nodes(db: &TestDb, redis: &OwnRedis) -> (Server, Server) {
    let url = redis.url();
    let args = [
        "--redis-url",
        url.as_str(),
        "--redis-prefix",
        db.unique_name(),
    ];
    (Server::start(&db.url, &args), Server::start(&db.url, &args))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_stopped_for_a_deploy_hands_its_readers_to_the_other_at_once() {
    let redis = OwnRedis::start();
    let db = TestDb::new(Kind::Postgres).await;
    let (mut leaving, staying) = two_nodes(&db, &redis);
    let nodes = [leaving.base.clone(), staying.base.clone()];
    let ann = Client::registered(&staying.base, "ann@example.com", "ann").await;
    let ben = Client::registered(&staying.base, "ben@example.com", "ben").await;
    let id = ann.start_conversation("ann", "ben").await;
    let channel = format!("conversation:{id}");
    // Each reader reads as it comes, on a task of its own, so that it sees its close when it
    // comes.
    const SENDS: usize = 120;
    let mut readers = Vec::new();
    for _ in 0..8 {
        let mut reader = Reader::start(&nodes, 0, &ben, &channel).await;
        readers.push(tokio::spawn(async move {
            reader
                .read_until(Duration::from_secs(20), |r| r.texts.len() >= SENDS)
                .await;
            reader
        }));
    }

    let mut sent = Sent::default();
    let mut stopped_at = None;
    for i in 0..SENDS {
        if i == 40 {
            leaving.terminate();
            stopped_at = Some(Instant::now());
        }
        send_noted(&ann, "ann", "ben", format!("m{i}"), &mut sent).await;
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(sent.refused.is_empty(), "{:?}", sent.refused);
    let stopped_at = stopped_at.unwrap();
    let mut done = Vec::new();
    for (n, reader) in readers.into_iter().enumerate() {
        let mut reader = reader.await.unwrap();
        assert_eq!(reader.texts.len(), SENDS, "reader {n} read all");
        reader
            .read_until(Duration::from_millis(200), |_| false)
            .await;
        assert_read_exactly(&reader, &sent, &format!("reader {n}"));
        assert_eq!(
            reader.closes,
            [dashwire_protocol::CLOSE_SERVICE_RESTART],
            "reader {n} is closed once, with 1012"
        );
        let closed_after = reader.closed_at[0] - stopped_at;
        assert!(
            closed_after < Duration::from_secs(1),
            "reader {n} was closed {closed_after:?} after SIGTERM"
        );
        assert_eq!(
            reader.node(),
            staying.base,
            "reader {n} resumed on the other node"
        );
        let away = reader.resumed_at[0] - reader.closed_at[0];
        println!(
            "reader {n}: closed {closed_after:?} after SIGTERM, subscribed again {away:?} later"
        );
        assert!(
            away < Duration::from_secs(1),
            "reader {n} was subscribed on the other node {away:?} after its close"
        );
        done.push(reader);
    }
    assert!(
        leaving.wait_exit(Duration::from_secs(10)).is_some(),
        "the stopped node exits"
    );
    for reader in done {
        reader.stop().await;
    }
    drop((leaving, staying));
    db.cleanup().await;
}

/// Four senders at once, each sending 40 messages through `first` until one of its sends is
/// not answered (the node died), then through `then`; answers each sender's prefix and
/// results.
async fn four_senders(ann: &Client, first: &str, then: &str) -> Vec<(String, Sent)> {
    let senders: Vec<_> = (0..4)
        .map(|s| {
            let (first, then) = (ann.on(first), ann.on(then));
            tokio::spawn(async move {
                let prefix = format!("s{s}m");
                let mut sent = Sent::default();
                for i in 0..40 {
                    let client = if sent.refused.is_empty() {
                        &first
                    } else {
                        &then
                    };
                    send_noted(client, "ann", "ben", format!("{prefix}{i}"), &mut sent).await;
                    tokio::time::sleep(Duration::from_millis(15)).await;
                }
                (prefix, sent)
            })
        })
        .collect();
    let mut results = Vec::new();
    for sender in senders {
        results.push(sender.await.unwrap());
    }
    results
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_killed_mid_burst_loses_no_acknowledged_message_on_postgres() {
    let redis = OwnRedis::start();
    let db = TestDb::new(Kind::Postgres).await;
    let (mut killed, surviving) = two_nodes(&db, &redis);
    let nodes = [killed.base.clone(), surviving.base.clone()];
    let ann = Client::registered(&killed.base, "ann@example.com", "ann").await;
    let ben = Client::registered(&killed.base, "ben@example.com", "ben").await;
    let id = ann.start_conversation("ann", "ben").await;
    let channel = format!("conversation:{id}");
    // One reader on the node that dies (it resumes on the other), one on the other.
    let mut on_killed = Reader::start(&nodes, 0, &ben, &channel).await;
    let mut on_surviving = Reader::start(&nodes, 1, &ben, &channel).await;

    let killer = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(400)).await;
        killed.kill();
        killed
    });
    let senders = four_senders(&ann, &nodes[0], &nodes[1]).await;
    let _killed = killer.await.unwrap();
    assert!(
        senders.iter().any(|(_, sent)| !sent.refused.is_empty()),
        "the kill came mid-burst"
    );
    let stored: i64 = {
        use sqlx::Connection;
        let mut conn = sqlx::PgConnection::connect(&db.url).await.unwrap();
        sqlx::query_scalar("SELECT count(*) FROM messages WHERE conversation_id = $1")
            .bind(id)
            .fetch_one(&mut conn)
            .await
            .unwrap()
    };
    for (reader, what) in [
        (&mut on_killed, "the killed node's reader"),
        (&mut on_surviving, "the other node's reader"),
    ] {
        // Everything stored but the first hello, which came before the readers.
        let want = stored as usize - 1;
        let done = reader
            .read_until(Duration::from_secs(10), |r| r.texts.len() >= want)
            .await;
        assert!(done, "{what} read {} of {want}", reader.texts.len());
        assert_read_acknowledged(reader, &senders, what);
    }
    assert_eq!(
        on_killed.node(),
        surviving.base,
        "the killed node's reader resumed on the other"
    );
    on_killed.stop().await;
    on_surviving.stop().await;
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_killed_mid_burst_loses_no_acknowledged_message_on_sqlite() {
    let db = TestDb::new(Kind::Sqlite).await;
    let mut node = Server::start(&db.url, &[]);
    let base = node.base.clone();
    let ann = Client::registered(&base, "ann@example.com", "ann").await;
    let ben = Client::registered(&base, "ben@example.com", "ben").await;
    let id = ann.start_conversation("ann", "ben").await;
    let mut reader = Reader::start(
        std::slice::from_ref(&base),
        0,
        &ben,
        &format!("conversation:{id}"),
    )
    .await;

    let killer = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(300)).await;
        node.kill();
        node
    });
    // One node: after the kill every send finds no one (no answer) until it is back.
    let senders = four_senders(&ann, &base, &base).await;
    let _killed = killer.await.unwrap();
    assert!(
        senders.iter().any(|(_, sent)| !sent.refused.is_empty()),
        "the kill came mid-burst"
    );
    // The node comes back on the same file, as a supervisor restarts it: every acknowledged
    // message is there, and the reader resumes on it from the last seq it read.
    let node = Server::start(&db.url, &[]);
    reader.resume_on(&node.base).await;
    let stored: i64 = {
        use sqlx::Connection;
        let mut conn = sqlx::SqliteConnection::connect(&db.url).await.unwrap();
        sqlx::query_scalar("SELECT count(*) FROM messages WHERE conversation_id = $1")
            .bind(id)
            .fetch_one(&mut conn)
            .await
            .unwrap()
    };
    let want = stored as usize - 1;
    let done = reader
        .read_until(Duration::from_secs(10), |r| r.texts.len() >= want)
        .await;
    assert!(done, "read {} of {want}", reader.texts.len());
    assert_read_acknowledged(
        &reader,
        &senders,
        "the reader resuming on the restarted node",
    );
    reader.stop().await;
    drop(node);
}
