//! The demo world's conversations and questions: Bob and Carol have written to Alice, and a
//! question waits in her inbox, so her messaging popover, unread badges and inbox page have
//! something in them on first run.

use crate::blogs;
use crate::messaging;
use crate::messaging::send::{Batching, NewMessage, Sender, Sends, Target};
use crate::posts;
use crate::posts::model::{PostContent, PostState};
use crate::posts::store::PostWrite;
use crate::store::Store;

/// Writes the conversations and the waiting question unless Alice has a conversation.
pub(super) async fn seed(store: &Store) -> anyhow::Result<()> {
    let blog = |name: &'static str| async move {
        blogs::store::blog_ref(store, name)
            .await?
            .ok_or_else(|| anyhow::anyhow!("demo blog {name} missing"))
    };
    let (alice, bob, carol) = (
        blog("alice").await?,
        blog("bob").await?,
        blog("carol").await?,
    );
    if messaging::store::conversation_of_blogs(store, &[alice.id, bob.id])
        .await?
        .is_some()
    {
        return Ok(());
    }
    let lines = [
        (&bob, alice.id, "Hi Alice! Loved your sketches."),
        (&alice, bob.id, "Thank you! More coming this week."),
        (&bob, alice.id, "Can't wait. The blue one is my favourite."),
        (
            &carol,
            alice.id,
            "Are you coming to the drawing meetup on Saturday?",
        ),
    ];
    // Each starts a conversation or writes in one: no batches to share.
    let sends = Sends::start(store, Batching::Off);
    for (sender, to, body) in lines {
        sends
            .send(NewMessage {
                target: Target::Blogs(vec![to]),
                sender: Sender {
                    user_id: sender.user_id,
                    blog: sender.name.clone(),
                },
                body: body.to_owned(),
                r#type: "TEXT".to_owned(),
            })
            .await
            .map_err(|err| anyhow::anyhow!("demo message from {}: {err}", sender.name))?;
    }

    // Alice takes questions, anonymous ones too; one waits in her inbox.
    crate::asks::store::set_asks(store, alice.id, true, true).await?;
    let question = PostWrite::new(
        alice.id,
        PostState::Unapproved,
        PostContent::Note {
            ask: "What do you draw with?".into(),
            asking_name: None,
            answer: String::new(),
            caption: String::new(),
        },
    );
    posts::store::create_post(store, &question).await?; // anonymous: asked by no blog
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::posts::store::{Cursor, Page};
    use crate::store::Store;
    use crate::store::media::MediaStore;
    use crate::{blogs, posts, unread};

    #[tokio::test]
    async fn alice_has_unread_conversations_and_a_question_waiting() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::connect(&format!("sqlite://{}/demo.db", dir.path().display()), 2)
            .await
            .unwrap();
        let media = MediaStore::local(&dir.path().join("media")).unwrap();
        crate::demo::seed(&store, &media).await.unwrap();
        crate::demo::seed(&store, &media).await.unwrap();
        let alice = blogs::store::blog_ref(&store, "alice")
            .await
            .unwrap()
            .unwrap();
        let counts = unread::unread_counts(&store, alice.user_id).await.unwrap();
        assert_eq!(
            counts.messaging, 2,
            "Bob's and Carol's, once each: {counts:?}"
        );
        let inbox = Page::States {
            blog_id: alice.id,
            states: &["unapproved"],
        };
        let waiting = posts::store::page(&store, inbox, Cursor::Start, 10, Some(alice.user_id))
            .await
            .unwrap();
        assert_eq!(waiting.len(), 1, "one question, however often seeded");
    }
}
