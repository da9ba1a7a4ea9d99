//! The fault model's database faults (docs/architecture.md), on two nodes and a Redis of the
//! test's own: PostgreSQL's connections cut (a failover, `pg_terminate_backend`) fail no
//! request, and PostgreSQL stopped answers 503 `unavailable` with `Retry-After`, stores
//! nothing half-written, keeps the sockets open, and everything works within 2 s of its
//! return.

mod common;

use std::time::{Duration, Instant};

use common::chat::{Reader, Sent, assert_read_exactly, send_noted};
use common::services::{OwnPostgres, OwnRedis};
use common::{Client, Kind, Server, TestDb};
use futures_util::future::join_all;

fn two_nodes(database_url: &str, redis: &OwnRedis, prefix: &str) -> (Server, Server) {
    let url = redis.url();
    let args = ["--redis-url", url.as_str(), "--redis-prefix", prefix];
    (
        Server::start(database_url, &args),
        Server::start(database_url, &args),
    )
}

/// Ends every connection to the test's database but this one, as a failover or
/// `pg_terminate_backend` does; answers how many it ended.
async fn cut_connections(database: &str) -> i64 {
    use sqlx::Connection;
    let mut admin = sqlx::PgConnection::connect(&common::pg_admin_url())
        .await
        .unwrap();
    sqlx::query_scalar(
        "SELECT count(*) FROM (SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity \
         WHERE datname = $1 AND pid <> pg_backend_pid()) AS ended",
    )
    .bind(database)
    .fetch_one(&mut admin)
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cutting_postgres_connections_fails_no_request() {
    let redis = OwnRedis::start();
    let db = TestDb::new(Kind::Postgres).await;
    let (one, two) = two_nodes(&db.url, &redis, db.unique_name());
    let nodes = [one.base.clone(), two.base.clone()];
    let ann = Client::registered(&one.base, "ann@example.com", "ann").await;
    let ben = Client::registered(&one.base, "ben@example.com", "ben").await;
    let id = ann.start_conversation("ann", "ben").await;
    let mut reader = Reader::start(&nodes, 1, &ben, &format!("conversation:{id}")).await;
    let on = [ann.on(&one.base), ann.on(&two.base)];

    let mut sent = Sent::default();
    let mut failed_reads = Vec::new();
    for round in 0..6 {
        // Each node's pool holds connections now (they served the last round).
        let ended = cut_connections(db.unique_name()).await;
        assert!(ended > 0, "round {round}: the nodes had connections to cut");
        // At once, as a busy site's next requests would: sends on both nodes and reads.
        let reads = join_all(on.iter().flat_map(|client| {
            [
                "/svc/user/following",
                "/svc/conversations?participant=ann",
                "/svc/post/dashboard/after/0",
            ]
            .map(|path| async move { (path, client.get(path).await.status) })
        }))
        .await;
        failed_reads.extend(reads.into_iter().filter(|(_, status)| *status != 200));
        let mut round_sent: Vec<Sent> =
            join_all(on.iter().enumerate().map(|(n, client)| async move {
                let mut sent = Sent::default();
                for i in 0..5 {
                    send_noted(client, "ann", "ben", format!("r{round}n{n}m{i}"), &mut sent).await;
                }
                sent
            }))
            .await;
        for part in round_sent.drain(..) {
            sent.refused.extend(part.refused);
            sent.acknowledged.extend(part.acknowledged);
        }
    }
    assert!(
        failed_reads.is_empty(),
        "no read fails after the connections are cut: {failed_reads:?}"
    );
    assert!(
        sent.refused.is_empty(),
        "no send fails after the connections are cut: {:?}",
        sent.refused
    );
    // Both nodes sent at once: the reader reads them in the order they were stored, which
    // interleaves the two; every one once.
    let want = sent.acknowledged.len();
    assert!(
        reader
            .read_until(Duration::from_secs(10), |r| r.texts.len() >= want)
            .await,
        "read {} of {want}",
        reader.texts.len()
    );
    let mut read = reader.texts.clone();
    read.sort();
    let mut acknowledged = sent.acknowledged.clone();
    acknowledged.sort();
    assert_eq!(read, acknowledged, "every acknowledged message once");
    assert!(reader.out_of_order.is_empty(), "{:?}", reader.out_of_order);
    let replaced = common::server::metric(&one.base, "db_connections_replaced_total").await
        + common::server::metric(&two.base, "db_connections_replaced_total").await;
    assert!(
        replaced > 0,
        "the nodes count the connections they replaced"
    );
    reader.stop().await;
    drop((one, two));
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_down_answers_503_stores_nothing_and_is_forgotten_2s_after_it_returns() {
    let redis = OwnRedis::start();
    let pg = OwnPostgres::start();
    let (one, two) = two_nodes(&pg.url(), &redis, "down");
    let nodes = [one.base.clone(), two.base.clone()];
    let ann = Client::registered(&one.base, "ann@example.com", "ann").await;
    let ben = Client::registered(&one.base, "ben@example.com", "ben").await;
    let id = ann.start_conversation("ann", "ben").await;
    let mut reader = Reader::start(&nodes, 1, &ben, &format!("conversation:{id}")).await;
    let mut sent = Sent::default();
    for i in 0..5 {
        send_noted(&ann, "ann", "ben", format!("before{i}"), &mut sent).await;
    }

    pg.stop();
    let asked = Instant::now();
    let answer = ann
        .http
        .post(format!("{}/svc/conversations/messages", one.base))
        .form(&[
            ("participant", "ann"),
            ("participants[]", "ben"),
            ("message", "while down"),
            ("type", "TEXT"),
            ("form_key", ann.form_key.as_str()),
        ])
        .send()
        .await
        .unwrap();
    let waited = asked.elapsed();
    println!("a send with PostgreSQL down was answered in {waited:?}");
    assert_eq!(answer.status(), 503, "a send while PostgreSQL is down");
    let retry_after: u64 = answer.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry_after > 0, "Retry-After says when to try again");
    let body: serde_json::Value = answer.json().await.unwrap();
    assert_eq!(body["errors"][0]["code"], "unavailable", "{body}");
    assert!(
        waited < Duration::from_secs(8),
        "the 503 came after {waited:?}"
    );
    let read = ann
        .on(&two.base)
        .get("/svc/conversations?participant=ann")
        .await;
    assert_eq!(
        read.status, 503,
        "a read while PostgreSQL is down: {:?}",
        read.body
    );
    assert!(
        reader.still_open(Duration::from_secs(1)).await,
        "sockets stay open while the database is down"
    );

    pg.start_again();
    let back = Instant::now();
    let mut first_ok = None;
    let mut i = 0;
    while first_ok.is_none() && back.elapsed() < Duration::from_secs(10) {
        let before = sent.acknowledged.len();
        send_noted(&ann, "ann", "ben", format!("after{i}"), &mut sent).await;
        i += 1;
        if sent.acknowledged.len() > before {
            first_ok = Some(back.elapsed());
        } else {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    let first_ok = first_ok.expect("a send worked again within 10 s");
    println!("the first send after PostgreSQL's return worked {first_ok:?} after it");
    assert!(
        first_ok < Duration::from_secs(2),
        "the first send after PostgreSQL's return worked after {first_ok:?} (at most 2 s)"
    );
    for j in 0..5 {
        send_noted(
            &ann.on(&two.base),
            "ann",
            "ben",
            format!("later{j}"),
            &mut sent,
        )
        .await;
    }
    // The attempts refused while PostgreSQL came back were not stored: the reader reads the
    // acknowledged ones and nothing else.
    let want = sent.acknowledged.len();
    assert!(
        reader
            .read_until(Duration::from_secs(10), |r| r.texts.len() >= want)
            .await,
        "read {} of {want}",
        reader.texts.len()
    );
    reader
        .read_until(Duration::from_millis(300), |_| false)
        .await;
    assert_read_exactly(&reader, &sent, "the reader on node two");
    let stored: i64 = {
        use sqlx::Connection;
        let mut conn = sqlx::PgConnection::connect(&pg.url()).await.unwrap();
        sqlx::query_scalar("SELECT count(*) FROM messages WHERE conversation_id = $1")
            .bind(id)
            .fetch_one(&mut conn)
            .await
            .unwrap()
    };
    assert_eq!(
        stored as usize,
        sent.acknowledged.len() + 1,
        "stored: the first hello and every acknowledged message, nothing refused"
    );
    reader.stop().await;
}
