//! A post as stored and read back, with what it says read from its JSON columns.

use crate::posts::model::{PostContent, PostSource, PostState, PostType, TrailItem};

/// A post as stored, with its blog and, for a reblog, the blog it was reblogged from.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PostRow {
    pub id: i64,
    pub blog_id: i64,
    pub blog_name: String,
    pub owner_id: i64,
    pub r#type: String,
    pub state: String,
    pub created_at: i64,
    pub published_at: Option<i64>,
    pub publish_on: Option<i64>,
    pub slug: String,
    pub source_url: String,
    pub editor_type: String,
    pub allow_answers: bool,
    pub allow_photo_replies: bool,
    pub content: String,
    pub source: String,
    pub comment: String,
    pub reblog_key: String,
    pub parent_post_id: Option<i64>,
    pub root_post_id: Option<i64>,
    pub trail: String,
    pub parent_blog_name: Option<String>,
    /// A submitted post's submitting blog (a question's asker is in its content).
    pub submitted_by: Option<String>,
    /// The app whose token made the post, until its owner removes that.
    pub app_name: Option<String>,
    /// Whether the viewer follows the post's blog.
    pub following: bool,
}

impl PostRow {
    pub fn post_type(&self) -> PostType {
        PostType::parse(&self.r#type).unwrap_or(PostType::Text)
    }

    pub fn state(&self) -> PostState {
        PostState::from_code(&self.state).unwrap_or(PostState::Draft)
    }

    /// The type's fields; a row that cannot be read (it never should) reads as an empty text.
    pub fn content(&self) -> PostContent {
        serde_json::from_str(&self.content).unwrap_or(PostContent::Text {
            title: String::new(),
            body: String::new(),
        })
    }

    /// What the author wrote, for editing; read from the content for a post the server wrote
    /// without it ([`PostSource::of_content`]).
    pub fn source(&self) -> PostSource {
        let source: PostSource = serde_json::from_str(&self.source).unwrap_or_default();
        if source == PostSource::default() {
            PostSource::of_content(&self.content())
        } else {
            source
        }
    }

    pub fn trail(&self) -> Vec<TrailItem> {
        serde_json::from_str(&self.trail).unwrap_or_default()
    }

    /// Whether the post is a reblog: it has a chain's first post above it. Not whether its
    /// parent is still there: a reblog whose parent was deleted (`parent_post_id` is then
    /// NULL) is still a reblog, with the trail it carries.
    pub fn is_reblog(&self) -> bool {
        self.root_post_id.is_some()
    }

    /// The position in pages that list newest first.
    pub fn page_position(&self) -> (i64, i64) {
        (self.published_at.unwrap_or(self.created_at), self.id)
    }
}
