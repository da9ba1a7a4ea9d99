//! The store on each backend, for the `store_*` tests that call the library directly, and the
//! messaging sends those tests make through it.

use dashwire::testing::messaging::model::{MessageRow, ParticipantRow};
use dashwire::testing::messaging::send::{Batching, NewMessage, Sends, Target};
use dashwire::testing::messaging::store::ConversationRow;
use dashwire::testing::store::{Published, Store};

use super::{BOTH, Kind, RunningOn, TestDb};

/// Runs `body` on a freshly migrated store on each backend.
pub async fn each_store<F, Fut>(body: F)
where
    F: Fn(Store, Kind) -> Fut,
    Fut: Future<Output = ()>,
{
    for kind in BOTH {
        let _running_on = RunningOn(format!("{kind:?}"));
        let db = TestDb::new(kind).await;
        let store = Store::connect(&db.url, 4)
            .await
            .unwrap_or_else(|e| panic!("{kind:?}: {e:#}"));
        // Migrating twice is a no-op.
        store.migrate().await.expect("second migrate");
        body(store.clone(), kind).await;
        store.close().await;
        db.cleanup().await;
    }
}

/// What a store publishes as its changes commit, heard in place of the realtime core: for the
/// store tests, which run without one.
#[derive(Clone, Default)]
pub struct Heard(std::sync::Arc<std::sync::Mutex<Vec<dashwire::testing::store::Committed>>>);

impl dashwire::testing::store::Publish for Heard {
    fn publish(&self, committed: dashwire::testing::store::Committed) {
        self.0.lock().unwrap().push(committed);
    }
}

impl Heard {
    /// Starts hearing what `store` publishes.
    pub fn on(store: &Store) -> Heard {
        let heard = Heard::default();
        assert!(
            store
                .publisher()
                .connect(std::sync::Arc::new(heard.clone())),
            "the store already publishes somewhere"
        );
        heard
    }

    /// The events published since the last look, in the order they were handed over.
    pub fn events(&self) -> Vec<dashwire::testing::store::Published> {
        self.take().into_iter().flat_map(|c| c.events).collect()
    }

    /// Everything published since the last look, one entry per hand-over.
    pub fn take(&self) -> Vec<dashwire::testing::store::Committed> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }
}

/// A new user with one blog called `name` (and the email `name@example.com`): (user id,
/// blog id).
pub async fn user_with_blog(store: &Store, name: &str) -> (i64, i64) {
    let email = format!("{name}@example.com");
    let user = dashwire::testing::accounts::store::create_user_with_blog(
        store, &email, "hash", name, name,
    )
    .await
    .unwrap();
    let blog = dashwire::testing::blogs::store::blogs_of_user(store, user)
        .await
        .unwrap()[0]
        .id;
    (user, blog)
}

/// The blog named `name` as a message's sender: its user's.
pub async fn sender(store: &Store, name: &str) -> dashwire::testing::messaging::send::Sender {
    let blog = dashwire::testing::blogs::store::blog_ref(store, name)
        .await
        .unwrap()
        .unwrap();
    dashwire::testing::messaging::send::Sender {
        user_id: blog.user_id,
        blog: blog.name,
    }
}

/// The store with the server's message sends, and what it publishes.
pub struct Messaging {
    pub store: Store,
    pub sends: Sends,
    pub heard: Heard,
}

impl Messaging {
    pub fn on(store: &Store) -> Messaging {
        Messaging {
            store: store.clone(),
            sends: Sends::start(store, Batching::On),
            heard: Heard::on(store),
        }
    }
}

/// A send's answer, with the events it published (each send's are published before it is
/// answered).
pub struct Sent {
    pub message: MessageRow,
    pub conversation: ConversationRow,
    pub participants: Vec<ParticipantRow>,
    pub published: Vec<Published>,
}

/// Sends a text message from the blog named `from`.
pub async fn send(m: &Messaging, from: &str, target: Target, text: &str) -> Sent {
    let sent = m
        .sends
        .send(NewMessage {
            target,
            sender: sender(&m.store, from).await,
            body: text.to_owned(),
            r#type: "TEXT".to_owned(),
        })
        .await
        .unwrap_or_else(|e| panic!("send {text:?}: {e}"));
    Sent {
        message: sent.message,
        conversation: sent.conversation,
        participants: sent.participants,
        published: m.heard.events(),
    }
}

/// The channels a change's events go to, sorted. The one place these tests look inside
/// events: what the store answers with is being reshaped, and only this should need to follow.
pub fn channels(events: &[Published]) -> Vec<String> {
    let mut channels: Vec<String> = events.iter().map(|e| e.topic.to_string()).collect();
    channels.sort();
    channels
}
