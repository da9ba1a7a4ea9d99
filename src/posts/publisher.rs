//! The background task that publishes scheduled posts at their time and each blog's queue
//! at its slots. Every node runs it; the database decides which node publishes each post
//! (the claiming update in `store.rs`), so each goes out exactly once, and a restart loses
//! nothing: what is due is read from the database, not remembered.

use std::time::Duration;

use crate::realtime::Realtime;
use crate::store::{Store, now_secs};

/// How often the task looks: publishing is to the second.
const TICK: Duration = Duration::from_secs(1);

/// Runs until the runtime stops; publishes the events of what went out (the post's
/// `created`, a reblog's note, mentions) through `realtime`.
pub async fn run(store: Store, realtime: Realtime) {
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        match publish(&store).await {
            Ok(ids) => match store.posts_went_out(&ids).await {
                Ok(events) => realtime.publish(events).await,
                Err(err) => {
                    tracing::warn!(error = %err, "recording what published posts caused failed")
                }
            },
            Err(err) => tracing::warn!(error = %err, "publishing due posts failed"),
        }
    }
}

/// Publishes what is due now; returns the published ids.
pub async fn publish(store: &Store) -> sqlx::Result<Vec<i64>> {
    let now = now_secs();
    let mut published = store.publish_due(now).await?;
    published.extend(store.publish_queues(now).await?);
    if !published.is_empty() {
        tracing::info!(posts = ?published, "published due posts");
    }
    Ok(published)
}
