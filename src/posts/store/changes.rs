//! What a post's change causes beside its row, in the transaction that writes it: the
//! `post` event on its blog's channel, and what its going out tells (a reblog's note, the
//! blogs its words mention).

use dashwire_protocol::{Event, PostAction, PostChange};

use crate::activity::events::{Notice, notify};
use crate::notes::store as notes;
use crate::posts::mentions::mentioned_blogs;
use crate::posts::model::PostContent;
use crate::store::{Topic, Tx};
use crate::with_tx;

/// What the post `id` going out causes, written in the transaction that sends it out (or
/// nothing when it is not published): a reblog's note, and a `user_mention` notification for
/// each blog its words mention (not the author's own, not one that blocked the author; once
/// per post and blog however often it is saved). Returns the events to record.
pub(super) async fn went_out(tx: &mut Tx, id: i64) -> sqlx::Result<Vec<(Topic, Event)>> {
    const POST: &str = "SELECT p.content, p.comment, p.blog_id, b.user_id, p.parent_post_id IS NOT NULL \
         FROM posts p JOIN blogs b ON b.id = p.blog_id WHERE p.id = $1 AND p.state = 'published'";
    const MENTIONED: &str = "SELECT b.id FROM blogs b WHERE b.name = $1 AND b.user_id <> $2 \
         AND NOT EXISTS (SELECT 1 FROM blocks k JOIN blogs kb ON kb.id = k.blocked_blog_id \
             WHERE k.blocker_blog_id = b.id AND kb.user_id = $2) \
         AND NOT EXISTS (SELECT 1 FROM notifications n \
             WHERE n.blog_id = b.id AND n.post_id = $3 AND n.type = 'user_mention')";
    let post: Option<(String, String, i64, i64, bool)> =
        with_tx!(tx, conn => sqlx::query_as(POST).bind(id).fetch_optional(conn).await)?;
    let Some((content, comment, blog_id, author, is_reblog)) = post else {
        return Ok(Vec::new());
    };
    let mut events = if is_reblog {
        // What the reblog added, as its note will say.
        const TAGS: &str = "SELECT tag FROM post_tags WHERE post_id = $1 ORDER BY position";
        let tags: Vec<(String,)> =
            with_tx!(tx, conn => sqlx::query_as(TAGS).bind(id).fetch_all(conn).await)?;
        let tags: Vec<String> = tags.into_iter().map(|(tag,)| tag).collect();
        let text = crate::posts::sanitize::text_only(&comment.replace("[[MORE]]", " "));
        let added = notes::Added {
            text: &text,
            tags: &tags,
        };
        notes::reblog_published(tx, id, added).await?
    } else {
        Vec::new()
    };
    let content: PostContent = serde_json::from_str(&content).unwrap_or(PostContent::Text {
        title: String::new(),
        body: String::new(),
    });
    // A reblog carries its parent's answer: only the reblogger's own words mention anyone.
    let answer = match &content {
        PostContent::Note { answer, .. } if !is_reblog => answer.as_str(),
        _ => "",
    };
    for name in mentioned_blogs(&[content.own_text(), answer, &comment]) {
        let mentioned: Option<(i64,)> = with_tx!(tx, conn => sqlx::query_as(MENTIONED)
            .bind(&name).bind(author).bind(id).fetch_optional(conn).await)?;
        if let Some((mentioned,)) = mentioned {
            let notice = Notice {
                blog_id: mentioned,
                kind: "user_mention",
                from_blog_id: Some(blog_id),
                post_id: Some(id),
                reply_text: "",
                new_post_id: None,
            };
            events.extend(notify(tx, notice).await?);
        }
    }
    Ok(events)
}

/// The `post` event on `posts:{blog}` for a change to the post `id` of `blog_id`.
pub(super) async fn post_changed(
    tx: &mut Tx,
    id: i64,
    blog_id: i64,
    action: PostAction,
) -> sqlx::Result<(Topic, Event)> {
    const NAME: &str = "SELECT name FROM blogs WHERE id = $1";
    let (blog,): (String,) =
        with_tx!(tx, conn => sqlx::query_as(NAME).bind(blog_id).fetch_one(conn).await)?;
    let change = PostChange {
        blog: blog.clone(),
        id,
        action,
    };
    Ok((crate::feed::posts_topic(blog), Event::Post(change)))
}

/// A value as the JSON text of its column.
pub(super) fn json<T: serde::Serialize>(value: &T) -> sqlx::Result<String> {
    serde_json::to_string(value).map_err(|e| sqlx::Error::Encode(Box::new(e)))
}
