//! The demo world's conversations and questions: Bob and Carol have written to Alice, and a
//! question waits in her inbox, so her messaging popover, unread badges and inbox page have
//! something in them on first run.

use crate::messaging::store::{NewMessage, Target};
use crate::posts::model::{PostContent, PostState};
use crate::posts::store::PostWrite;
use crate::store::Store;

/// Writes the conversations and the waiting question unless Alice has a conversation.
pub async fn seed(store: &Store) -> anyhow::Result<()> {
    let blog = |name: &'static str| async move {
        store
            .blog_ref(name)
            .await?
            .map(|b| b.id)
            .ok_or_else(|| anyhow::anyhow!("demo blog {name} missing"))
    };
    let (alice, bob, carol) = (
        blog("alice").await?,
        blog("bob").await?,
        blog("carol").await?,
    );
    if store.conversation_of_blogs(&[alice, bob]).await?.is_some() {
        return Ok(());
    }
    let lines: [(i64, &[i64], &str); 4] = [
        (bob, &[bob, alice], "Hi Alice! Loved your sketches."),
        (alice, &[alice, bob], "Thank you! More coming this week."),
        (
            bob,
            &[bob, alice],
            "Can't wait. The blue one is my favourite.",
        ),
        (
            carol,
            &[carol, alice],
            "Are you coming to the drawing meetup on Saturday?",
        ),
    ];
    for (sender, blogs, body) in lines {
        store
            .send_message(NewMessage {
                target: Target::Blogs(blogs.to_vec()),
                sender_blog_id: sender,
                body: body.to_owned(),
                r#type: "TEXT".to_owned(),
            })
            .await?;
    }

    // Alice takes questions, anonymous ones too; one waits in her inbox.
    store.set_asks(alice, true, true).await?;
    let question = PostWrite::new(
        alice,
        PostState::Unapproved,
        PostContent::Note {
            ask: "What do you draw with?".into(),
            asking_name: None,
            answer: String::new(),
            caption: String::new(),
        },
    );
    store.create_post(&question).await?; // anonymous: asked by no blog
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::posts::store::{Cursor, Page};
    use crate::store::Store;
    use crate::store::media::MediaStore;

    #[tokio::test]
    async fn alice_has_unread_conversations_and_a_question_waiting() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::connect(&format!("sqlite://{}/demo.db", dir.path().display()), 2)
            .await
            .unwrap();
        let media = MediaStore::local(&dir.path().join("media")).unwrap();
        crate::demo::seed(&store, &media).await.unwrap();
        crate::demo::seed(&store, &media).await.unwrap();
        let alice = store.blog_ref("alice").await.unwrap().unwrap();
        let counts = store.unread_counts(alice.user_id).await.unwrap();
        assert_eq!(
            counts.messaging, 2,
            "Bob's and Carol's, once each: {counts:?}"
        );
        let inbox = Page::States {
            blog_id: alice.id,
            states: &["unapproved"],
        };
        let waiting = store
            .page(inbox, Cursor::Start, 10, Some(alice.user_id))
            .await
            .unwrap();
        assert_eq!(waiting.len(), 1, "one question, however often seeded");
    }
}
