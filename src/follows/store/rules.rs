//! What a follow writes and whom it tells, whichever driver runs it (`sqlite.rs`, `postgres.rs`).

use crate::activity::events::Notice;

/// What a follow call changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FollowChange {
    /// The follow was made now.
    Followed,
    /// Nothing changed: already following, or not following on an unfollow.
    Unchanged,
    /// The follow was removed.
    Unfollowed,
}

/// The follow's row; binds the user, the followed blog, the blog followed as, and now.
/// Following twice changes nothing.
pub(super) const FOLLOW: &str = "INSERT INTO follows (user_id, blog_id, via_blog_id, created_at) \
     VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, blog_id) DO NOTHING";

/// A follow to make.
#[derive(Debug, Clone, Copy)]
pub(super) struct Follow {
    pub(super) user_id: i64,
    pub(super) via_blog_id: i64,
    pub(super) blog_id: i64,
}

impl Follow {
    /// What the followed blog hears.
    pub(super) fn notice(&self) -> Notice<'static> {
        Notice::about_blog(self.blog_id, "follower", self.via_blog_id)
    }
}
