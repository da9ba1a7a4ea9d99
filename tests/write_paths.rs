//! One scenario of changes (sends, follows, likes, blocks, reads, and the refusals among
//! them) run through every path the server writes by: the SQLite writer thread, PostgreSQL
//! sends in batches, and PostgreSQL sends one at a time. Each path must give the same
//! answers, leave the same rows, and publish the same events with the same seqs, in the
//! same hand-overs.
//!
//! What differs between runs by nature is normalised away, and only that: clock times, and a
//! message's id (PostgreSQL does not give back a sequence value that a refused send took, so
//! ids after a refusal differ; a message is named by its text instead). For the same reason
//! the scenario starts every conversation before the first refusal that could take an id.

mod common;

use common::store::{Heard, user_with_blog};
use common::{Kind, TestDb};
use dashwire::testing::blogs::store::BlogRow;
use dashwire::testing::error::AppError;
use dashwire::testing::messaging::send::{Batching, NewMessage, SendError, Sender, Sends, Target};
use dashwire::testing::posts::model::{PostContent, PostState};
use dashwire::testing::posts::store::PostWrite;
use dashwire::testing::store::{Committed, DbPool, Store};
use dashwire::testing::{blogs, follows, likes, messaging, posts};
use serde_json::Value;

/// The ways a change can be written.
#[derive(Clone, Copy, Debug)]
enum WritePath {
    SqliteWriterThread,
    PostgresBatch,
    PostgresSingle,
}

impl WritePath {
    fn database(self) -> Kind {
        match self {
            WritePath::SqliteWriterThread => Kind::Sqlite,
            _ => Kind::Postgres,
        }
    }

    fn batching(self) -> Batching {
        match self {
            WritePath::PostgresSingle => Batching::Off,
            _ => Batching::On,
        }
    }
}

/// The scenario's world on one path, and what it has seen so far.
struct World {
    store: Store,
    sends: Sends,
    heard: Heard,
    /// Each step's answer and what it published, as text.
    transcript: Vec<String>,
}

impl World {
    /// Writes down a step: its answer, then each hand-over of what it committed.
    fn note(&mut self, step: &str, answer: impl std::fmt::Debug) {
        self.transcript.push(format!("{step}: {answer:?}"));
        for committed in self.heard.take() {
            self.transcript
                .push(format!("  published {}", describe(&committed)));
        }
    }

    async fn blog(&self, name: &str) -> BlogRow {
        let user = blogs::store::blog_ref(&self.store, name)
            .await
            .unwrap()
            .unwrap()
            .user_id;
        blogs::store::blog_by_name(&self.store, name, Some(user))
            .await
            .unwrap()
            .unwrap()
    }

    async fn send(&self, from: &str, target: Target, text: &str) -> Result<String, SendError> {
        let sender = blogs::store::blog_ref(&self.store, from)
            .await
            .unwrap()
            .unwrap();
        let sent = self
            .sends
            .send(NewMessage {
                target,
                sender: Sender {
                    user_id: sender.user_id,
                    blog: sender.name,
                },
                body: text.to_owned(),
                r#type: "TEXT".to_owned(),
            })
            .await?;
        let names: Vec<&str> = sent.participants.iter().map(|p| p.name.as_str()).collect();
        Ok(format!(
            "{} wrote {:?} in conversation {} of {names:?} ({})",
            sent.message.participant,
            sent.message.body,
            sent.message.conversation_id,
            sent.conversation.status
        ))
    }

    async fn rows(&mut self, sql: &str) {
        let rows = rows(&self.store, sql).await;
        self.transcript.push(format!("rows of {sql}:"));
        self.transcript
            .extend(rows.into_iter().map(|row| format!("  {row}")));
    }
}

/// A refusal as a user would read it: its status, code and text.
fn refusal(err: AppError) -> String {
    format!("{} {err:?}", err.status().as_u16())
}

/// A hand-over, as text: each event with its channel, seq and feed position, then the
/// dashboards refreshed and the sessions ended.
fn describe(committed: &Committed) -> String {
    let mut parts: Vec<String> = committed
        .events
        .iter()
        .map(|p| {
            let event = normalized(serde_json::to_value(&p.event).unwrap());
            format!("{} #{} feed {:?} {event}", p.topic, p.seq, p.feed_seq)
        })
        .collect();
    parts.extend(committed.refreshed.iter().map(|t| format!("refresh {t}")));
    parts.extend(committed.ended_sessions.iter().map(|s| format!("end {s}")));
    parts.join("\n    ")
}

/// `value` with clock times zeroed and each message's id replaced by its text.
fn normalized(value: Value) -> Value {
    match value {
        Value::Object(mut fields) => {
            // A message: `id`, `message` (its text) and `participant` (its sender).
            if let (Some(_), Some(Value::String(text)), Some(_)) = (
                fields.get("id"),
                fields.get("message"),
                fields.get("participant"),
            ) {
                let named = Value::String(format!("message {text:?}"));
                fields.insert("id".into(), named);
            }
            Value::Object(
                fields
                    .into_iter()
                    .map(|(key, value)| {
                        let clock = key == "ts"
                            || key.ends_with("_ts")
                            || key.ends_with("_at")
                            || key == "timestamp";
                        let value = if clock {
                            Value::from(0)
                        } else {
                            normalized(value)
                        };
                        (key, value)
                    })
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(items.into_iter().map(normalized).collect()),
        other => other,
    }
}

/// Every row `sql` reads, each as its columns' text joined by ` | `, whatever the database.
async fn rows(store: &Store, sql: &str) -> Vec<String> {
    use sqlx::{Column, Row, TypeInfo, ValueRef};
    fn cell<R: Row>(row: &R, i: usize) -> String
    where
        usize: sqlx::ColumnIndex<R>,
        for<'r> i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
        for<'r> bool: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
        for<'r> String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    {
        let raw = row.try_get_raw(i).unwrap();
        if raw.is_null() {
            return "null".into();
        }
        let kind = raw.type_info().name().to_ascii_uppercase();
        let _ = row.columns()[i].name();
        if kind.contains("BOOL") {
            return row.get::<bool, _>(i).to_string();
        }
        row.try_get::<i64, _>(i)
            .map(|n| n.to_string())
            .or_else(|_| row.try_get::<String, _>(i))
            .unwrap_or_else(|e| panic!("column {i} ({kind}): {e}"))
    }
    let text = |cells: Vec<String>| cells.join(" | ");
    match store.pool() {
        DbPool::Sqlite { read, .. } => sqlx::query(sqlx::AssertSqlSafe(sql))
            .fetch_all(read)
            .await
            .unwrap()
            .iter()
            .map(|row| text((0..row.len()).map(|i| cell(row, i)).collect()))
            .collect(),
        DbPool::Postgres(pool) => sqlx::query(sqlx::AssertSqlSafe(sql))
            .fetch_all(pool)
            .await
            .unwrap()
            .iter()
            .map(|row| text((0..row.len()).map(|i| cell(row, i)).collect()))
            .collect(),
    }
}

/// Runs the scenario on `path` and answers its transcript.
async fn run(path: WritePath) -> Vec<String> {
    let db = TestDb::new(path.database()).await;
    let store = Store::connect(&db.url, 4).await.unwrap();
    let mut w = World {
        heard: Heard::on(&store),
        sends: Sends::start(&store, path.batching()),
        store: store.clone(),
        transcript: Vec::new(),
    };
    for name in ["ann", "bob", "cat", "dan"] {
        user_with_blog(&store, name).await;
    }
    w.note("users", ());
    let (ann, bob, cat, dan) = (
        w.blog("ann").await,
        w.blog("bob").await,
        w.blog("cat").await,
        w.blog("dan").await,
    );

    // Conversations start, and messages go into them.
    let answer = w
        .send("ann", Target::Blogs(vec![bob.id]), "hello bob")
        .await;
    w.note("ann starts a conversation with bob", answer);
    let ann_bob = messaging::store::conversation_of_blogs(&store, &[ann.id, bob.id])
        .await
        .unwrap()
        .unwrap();
    let answer = w.send("bob", Target::Existing(ann_bob), "hi ann").await;
    w.note("bob answers", answer);
    let answer = w
        .send("ann", Target::Existing(ann_bob), "how are you")
        .await;
    w.note("ann writes again", answer);
    let answer = w.send("cat", Target::Blogs(vec![ann.id]), "hey ann").await;
    w.note("cat starts a conversation with ann", answer);
    let answer = w
        .send("dan", Target::Blogs(vec![ann.id, bob.id]), "hi both")
        .await;
    w.note("dan starts a group conversation", answer);

    // Sends refused: nothing of them stays, nothing is published.
    let answer = w.send("cat", Target::Existing(ann_bob), "let me in").await;
    w.note("cat writes in ann and bob's conversation", answer);
    let answer = w
        .send("ann", Target::Existing(ann_bob + 1000), "anyone?")
        .await;
    w.note("ann writes in a conversation that does not exist", answer);
    let answer = w
        .send("ann", Target::Blogs(vec![ann.id]), "me, myself")
        .await;
    w.note("ann writes to herself alone", answer);
    let not_hers = w
        .sends
        .send(NewMessage {
            target: Target::Existing(ann_bob),
            sender: Sender {
                user_id: ann.user_id,
                blog: "bob".into(),
            },
            body: "as bob".into(),
            r#type: "TEXT".into(),
        })
        .await
        .map(|_| ());
    w.note("ann writes as bob", not_hers);

    // Reading.
    let answer = messaging::store::mark_read(&store, ann_bob, bob.id).await;
    w.note("bob reads", answer.unwrap());
    let answer = messaging::store::mark_read(&store, ann_bob, bob.id).await;
    w.note("bob reads again", answer.unwrap());

    // Follows.
    let answer = follows::rules::follow(&store, cat.user_id, &ann).await;
    w.note("cat follows ann", answer.map_err(refusal));
    let answer = follows::rules::follow(&store, cat.user_id, &ann).await;
    w.note("cat follows ann again", answer.map_err(refusal));
    let answer = follows::rules::follow(&store, ann.user_id, &ann).await;
    w.note("ann follows herself", answer.map_err(refusal));
    let answer = follows::rules::follow(&store, dan.user_id, &ann).await;
    w.note("dan follows ann", answer.map_err(refusal));

    // A post, and likes of it.
    let post = posts::store::create_post(
        &store,
        &PostWrite::new(
            ann.id,
            PostState::Published,
            PostContent::Text {
                title: "Sketches".into(),
                body: "<p>Three of them.</p>".into(),
            },
        ),
    )
    .await
    .unwrap();
    w.note("ann posts", ());
    let key = posts::store::post_row(&store, post, None)
        .await
        .unwrap()
        .unwrap()
        .reblog_key;
    let answer = likes::rules::like(&store, cat.user_id, post, &key).await;
    w.note("cat likes it", answer.map_err(refusal));
    let answer = likes::rules::like(&store, bob.user_id, post, &key).await;
    w.note("bob likes it", answer.map_err(refusal));
    let answer = likes::rules::like(&store, cat.user_id, post, &key).await;
    w.note("cat likes it again", answer.map_err(refusal));
    let answer = likes::rules::like(&store, ann.user_id, post, &key).await;
    w.note("ann likes her own post", answer.map_err(refusal));
    let answer = likes::rules::like(&store, cat.user_id, post, "wrong key").await;
    w.note("cat likes it by the wrong key", answer.map_err(refusal));
    let answer = likes::rules::unlike(&store, bob.user_id, post, &key).await;
    w.note("bob unlikes it", answer.map_err(refusal));

    // A block: it ends dan's follow, and refuses dan what it refuses.
    let answer = dashwire::testing::blocks::store::block(&store, ann.id, dan.id, dan.user_id).await;
    w.note("ann blocks dan", answer.unwrap());
    let answer = follows::rules::follow(&store, dan.user_id, &ann).await;
    w.note("dan follows ann", answer.map_err(refusal));
    let answer = likes::rules::like(&store, dan.user_id, post, &key).await;
    w.note("dan likes ann's post", answer.map_err(refusal));
    let dan_ann_bob = messaging::store::conversation_of_blogs(&store, &[ann.id, bob.id, dan.id])
        .await
        .unwrap()
        .unwrap();
    let answer = w
        .send("dan", Target::Existing(dan_ann_bob), "still there?")
        .await;
    w.note("dan writes in the group", answer);
    let answer = w.send("dan", Target::Blogs(vec![ann.id]), "please").await;
    w.note("dan starts a conversation with ann", answer);
    let answer = follows::rules::unfollow(&store, cat.user_id, &ann).await;
    w.note("cat unfollows ann", answer.map_err(refusal));

    for sql in [
        "SELECT c.participants_key, b.name, m.type, m.body FROM messages m \
         JOIN conversations c ON c.id = m.conversation_id JOIN blogs b ON b.id = m.blog_id \
         ORDER BY c.participants_key, m.ts",
        "SELECT c.participants_key, b.name, \
         CASE WHEN p.last_read_ms >= c.last_modified_ms THEN 'read' ELSE 'unread' END \
         FROM conversation_participants p JOIN conversations c ON c.id = p.conversation_id \
         JOIN blogs b ON b.id = p.blog_id ORDER BY c.participants_key, b.name",
        "SELECT user_id, blog_id, via_blog_id FROM follows ORDER BY user_id, blog_id",
        "SELECT user_id, post_id, blog_id FROM likes ORDER BY user_id, post_id",
        "SELECT blog_id, type, from_blog_id, post_id, reply_text, \
         CASE WHEN new_post_id IS NULL THEN 'none' ELSE 'post' END, \
         CASE WHEN is_read THEN 'read' ELSE 'unread' END FROM notifications ORDER BY id",
        "SELECT blocker_blog_id, blocked_blog_id FROM blocks",
        "SELECT root_id, note_count FROM chains ORDER BY root_id",
        "SELECT channel, seq FROM channel_seqs ORDER BY channel",
        "SELECT channel, seq, feed_seq FROM events ORDER BY channel, seq",
        "SELECT channel, state_key, seq FROM event_states ORDER BY channel, state_key",
    ] {
        w.rows(sql).await;
    }

    // Sends at once into two conversations, two of them refused: they share batches on
    // PostgreSQL and the writer thread's transactions on SQLite, in whatever order they
    // arrive. So only what cannot depend on that order is compared: the answers, the seqs
    // each channel took, and the messages kept (an unread count, say, depends on the order).
    let plan = [
        ("ann", ann_bob, "one"),
        ("bob", ann_bob, "two"),
        ("ann", ann_bob, "three"),
        ("dan", dan_ann_bob, "blocked"),
        ("bob", dan_ann_bob, "to the group"),
        ("cat", ann_bob, "outsider"),
    ];
    let mut sending = Vec::new();
    for (from, conversation, body) in plan {
        let sends = w.sends.clone();
        let sender = blogs::store::blog_ref(&store, from).await.unwrap().unwrap();
        sending.push(tokio::spawn(async move {
            sends
                .send(NewMessage {
                    target: Target::Existing(conversation),
                    sender: Sender {
                        user_id: sender.user_id,
                        blog: sender.name,
                    },
                    body: body.into(),
                    r#type: "TEXT".into(),
                })
                .await
                .map(|sent| sent.message.body)
        }));
    }
    for (task, (from, _, body)) in sending.into_iter().zip(plan) {
        let answer = task.await.unwrap();
        w.transcript
            .push(format!("at once, {from} writes {body:?}: {answer:?}"));
    }
    let mut published: Vec<String> = w
        .heard
        .events()
        .iter()
        .map(|p| format!("{} #{}", p.topic, p.seq))
        .collect();
    published.sort();
    w.transcript
        .push(format!("at once, seqs published: {published:?}"));
    w.rows(
        "SELECT c.participants_key, b.name, m.body FROM messages m \
         JOIN conversations c ON c.id = m.conversation_id JOIN blogs b ON b.id = m.blog_id \
         ORDER BY c.participants_key, m.body",
    )
    .await;

    w.sends.stop().await;
    store.close().await;
    db.cleanup().await;
    w.transcript
}

/// The first line where `b` differs from `a`, with a few lines around it.
fn first_difference(a: &[String], b: &[String]) -> Option<String> {
    let at = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i))?;
    let from = at.saturating_sub(3);
    let show = |t: &[String]| t[from.min(t.len())..(at + 3).min(t.len())].join("\n");
    Some(format!(
        "line {at}:\n--- expected\n{}\n--- got\n{}",
        show(a),
        show(b)
    ))
}

#[tokio::test]
async fn every_write_path_gives_the_same_answers_rows_events_and_seqs() {
    let sqlite = run(WritePath::SqliteWriterThread).await;
    let text = sqlite.join("\n");
    // The scenario did what it says, so that agreeing means something.
    for expected in [
        "ann starts a conversation with bob: Ok(",
        "conversation:1 #1 feed None",
        "cat writes in ann and bob's conversation: Err(NotParticipant)",
        "ann writes in a conversation that does not exist: Err(NotParticipant)",
        "ann writes to herself alone: Err(NoRecipient)",
        "ann writes as bob: Err(NotYourBlog)",
        "bob reads: true",
        "bob reads again: false",
        "cat follows ann: Ok(true)",
        "cat follows ann again: Ok(false)",
        "ann follows herself: Err(\"400 ",
        "cat likes it: Ok(",
        "ann likes her own post: Err(\"403 ",
        "cat likes it by the wrong key: Err(\"404 ",
        "ann blocks dan: true",
        "dan follows ann: Err(\"403 ",
        "dan writes in the group: Err(Blocked)",
        "dan starts a conversation with ann: Err(Blocked)",
        "at once, dan writes \"blocked\": Err(Blocked)",
        "at once, cat writes \"outsider\": Err(NotParticipant)",
        "refresh dashboard:",
    ] {
        assert!(
            text.contains(expected),
            "the SQLite run has no {expected:?}:\n{text}"
        );
    }
    for path in [WritePath::PostgresBatch, WritePath::PostgresSingle] {
        let other = run(path).await;
        if let Some(difference) = first_difference(&sqlite, &other) {
            panic!("{path:?} differs from the SQLite writer thread at {difference}");
        }
    }
}
