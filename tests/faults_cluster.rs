//! The bus on a Redis Cluster with sharded pub/sub (`--redis-cluster`, `bus/cluster.rs`): two
//! nodes deliver to each other's sockets through a real three-master cluster the test starts,
//! and a shard restarted under sends loses nothing and duplicates nothing.

mod common;

use std::time::Duration;

use common::chat::{Reader, Sent, assert_read_exactly, send_noted};
use common::services::OwnRedisCluster;
use common::{Client, Kind, Server, TestDb};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shard_restarted_under_sends_loses_nothing() {
    let cluster = OwnRedisCluster::start();
    let db = TestDb::new(Kind::Postgres).await;
    let prefix = db.unique_name().to_owned();
    let urls = cluster.urls();
    let args = [
        "--redis-cluster",
        "--redis-url",
        urls.as_str(),
        "--redis-prefix",
        prefix.as_str(),
    ];
    let (one, two) = (Server::start(&db.url, &args), Server::start(&db.url, &args));
    let nodes = [one.base.clone(), two.base.clone()];
    let ann = Client::registered(&one.base, "ann@example.com", "ann").await;
    let ben = Client::registered(&one.base, "ben@example.com", "ben").await;
    let id = ann.start_conversation("ann", "ben").await;
    let channel = format!("conversation:{id}");
    let mut far = Reader::start(&nodes, 1, &ben, &channel).await;
    let mut near = Reader::start(&nodes, 0, &ben, &channel).await;
    // The shard that carries this conversation's channel between the nodes.
    let shard = cluster.owner_of(&format!("{prefix}:topic:{channel}"));

    // The shard restarts while the sends go on (it is away a second, then the cluster takes
    // it back), on a thread of its own: its commands block.
    // The sends go on until 60 have gone after the shard is back, however long its restart
    // takes on a loaded machine (at most 3,000 sends).
    let cluster = std::sync::Arc::new(std::sync::Mutex::new(cluster));
    let mut restart = None;
    let mut after_return = 0;
    let mut sent = Sent::default();
    let mut i = 0;
    while after_return < 60 && i < 3000 {
        if i == 40 {
            let cluster = cluster.clone();
            restart = Some(tokio::task::spawn_blocking(move || {
                cluster
                    .lock()
                    .unwrap()
                    .restart_shard(shard, Duration::from_secs(1))
            }));
        }
        if restart.as_ref().is_some_and(|r| r.is_finished()) {
            after_return += 1;
        }
        send_noted(&ann, "ann", "ben", format!("m{i}"), &mut sent).await;
        tokio::time::sleep(Duration::from_millis(10)).await;
        i += 1;
    }
    let restart = restart.unwrap();
    assert!(
        restart.is_finished(),
        "the shard came back within 3,000 sends"
    );
    restart.await.unwrap();
    assert!(sent.refused.is_empty(), "{:?}", sent.refused);
    let want = sent.acknowledged.len();
    for (reader, which) in [
        (&mut far, "the other node's reader"),
        (&mut near, "the sending node's reader"),
    ] {
        let done = reader
            .read_until(Duration::from_secs(15), |r| r.texts.len() >= want)
            .await;
        assert!(done, "{which} read {} of {want}", reader.texts.len());
        reader
            .read_until(Duration::from_millis(300), |_| false)
            .await;
        assert_read_exactly(reader, &sent, which);
    }
    // The messages crossed the cluster (not only the log): node two heard them on the bus.
    let heard = common::server::metric(&two.base, "bus_messages_in_total").await;
    assert!(heard >= 80, "node two heard {heard} bus messages");
    let resubscribed = common::server::metric(&two.base, "bus_reconnects_total").await;
    assert!(
        resubscribed >= 1,
        "node two subscribed again after the shard came back"
    );
    far.stop().await;
    near.stop().await;
    drop((one, two));
    db.cleanup().await;
}
