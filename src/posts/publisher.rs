//! The background task that publishes scheduled posts at their time and each blog's queue
//! at its slots. Every node runs it; the database decides which node publishes each post
//! (the claiming update in `store.rs`), so each goes out exactly once, and a restart loses
//! nothing: what is due is read from the database, not remembered.

use std::time::Duration;

use super::store;
use crate::store::{Store, now_secs};

/// How often the task looks: publishing is to the second.
const TICK: Duration = Duration::from_secs(1);

/// Runs until the runtime stops. What goes out (the post's `created`, a reblog's note,
/// mentions) is published as each post's transaction commits.
pub(crate) async fn run(store: Store) {
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let now = now_secs();
        for sent in [
            store::publish_due(&store, now).await,
            store::publish_queues(&store, now).await,
        ] {
            match sent {
                Ok(sent) if !sent.ids.is_empty() => {
                    tracing::info!(posts = ?sent.ids, "published due posts");
                }
                Ok(_) => {}
                Err(err) => tracing::warn!(error = %err, "reading what is due to publish failed"),
            }
        }
    }
}
