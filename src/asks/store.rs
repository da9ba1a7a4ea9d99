//! The asks feature's writes: a blog's asks settings, and answering a question.

use crate::activity::events::{Notice, notify};
use crate::posts;
use crate::posts::model::PostContent;
use crate::store::Store;
use crate::with_tx;

/// Turns a blog's questions on or off.
pub(crate) async fn set_asks(
    store: &Store,
    blog_id: i64,
    asks: bool,
    anonymous: bool,
) -> sqlx::Result<()> {
    const SQL: &str = "UPDATE blogs SET asks = $2, anonymous_asks = $3 WHERE id = $1";
    let mut tx = store.begin().await?;
    with_tx!(tx, conn => sqlx::query(SQL).bind(blog_id).bind(asks).bind(anonymous).execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await
}

/// Answers a question waiting in its blog's inbox: the answered note goes out now, and the
/// blog that asked (unless it asked anonymously) gets an `answer` notification. Nothing
/// happens to what is not waiting there.
pub(crate) async fn answer(store: &Store, id: i64, content: &PostContent) -> sqlx::Result<()> {
    let mut tx = store.begin().await?;
    let Some(answered) = posts::store::send_out_from_inbox(&mut tx, id, content).await? else {
        return Ok(());
    };
    if let Some(asker) = answered.asked_by {
        // The asker's activity shows the answer's words (spec 000 §3, note_meta.answer_text).
        let answer_text = match content {
            PostContent::Note { answer, .. } => answer_words(answer),
            _ => String::new(),
        };
        let notice = Notice {
            blog_id: asker,
            kind: "answer",
            from_blog_id: Some(answered.blog_id),
            post_id: Some(id),
            reply_text: &answer_text,
            new_post_id: None,
        };
        let events = notify(&mut tx, notice).await?;
        tx.record(events).await?;
    }
    tx.commit().await
}

/// The words of an answer (its HTML read as text) as its notification carries them: at most
/// [`ANSWER_TEXT_CHARS`] characters, cut with an ellipsis.
fn answer_words(answer: &str) -> String {
    let text = crate::posts::sanitize::text_only(answer);
    if text.chars().count() <= ANSWER_TEXT_CHARS {
        return text;
    }
    let cut: String = text.chars().take(ANSWER_TEXT_CHARS - 1).collect();
    format!("{}…", cut.trim_end())
}

/// How much of an answer its notification carries: the activity shows an excerpt.
const ANSWER_TEXT_CHARS: usize = 500;
