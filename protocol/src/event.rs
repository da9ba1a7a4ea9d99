//! The events that travel on channels. Each names the server type it mirrors where there is
//! one, and carries what a client needs to update its view without another request.

use serde::{Deserialize, Serialize};

/// An event on a channel: the `event` name and its `data`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
#[serde(tag = "event", content = "data", rename_all = "snake_case")]
pub enum Event {
    /// `conversation:{id}`: a message arrived.
    Message(MessageData),
    /// `conversation:{id}`: a participant read the conversation.
    Read(ReadData),
    /// `inbox:{blog}`: a conversation of the blog changed (new message, read, new conversation).
    Conversation(ConversationSummary),
    /// `activity:{blog}`: a notification for the blog (boxed: it is the largest event, and
    /// every frame would otherwise be its size).
    Notification(Box<NotificationData>),
    /// `unread`: the user's unread counts changed.
    Unread(UnreadCounts),
    /// `notes:{root_id}`: a reblog chain's note count changed.
    Notes(NoteCount),
    /// `posts:{blog}`: a post of the blog went out, was edited, or was taken down.
    Post(PostChange),
    /// `members:{blog}`: a group blog's members changed.
    Members(MembersChange),
}

impl Event {
    /// The event's name, as in the frame's `event` field.
    pub fn name(&self) -> &'static str {
        match self {
            Event::Message(_) => "message",
            Event::Read(_) => "read",
            Event::Conversation(_) => "conversation",
            Event::Notification(_) => "notification",
            Event::Unread(_) => "unread",
            Event::Notes(_) => "notes",
            Event::Post(_) => "post",
            Event::Members(_) => "members",
        }
    }

    /// What the event carries the whole state of, for an event that makes every earlier one
    /// of the same key on its channel out of date: a conversation's entry in an inbox, a
    /// participant's read mark, the unread counts, a chain's note count. The log keeps only
    /// the newest event of each key (log compaction, as a compacted Kafka topic does), so a
    /// replay on these channels skips the seqs of superseded events: a reader of one
    /// of them gets everything it needs, and a chat message costs its inbox and unread
    /// events no new row. `None` for an event that stands alone (a message, a
    /// notification, a post going out): every one is kept.
    pub fn state_key(&self) -> Option<String> {
        match self {
            Event::Conversation(summary) => Some(summary.id.to_string()),
            Event::Read(read) => Some(format!("read:{}", read.participant)),
            Event::Unread(_) => Some("unread".to_owned()),
            Event::Notes(_) => Some("notes".to_owned()),
            Event::Members(_) => Some("members".to_owned()),
            Event::Message(_) | Event::Notification(_) | Event::Post(_) => None,
        }
    }
}

/// A message (spec 000 §3 Message).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
pub struct MessageData {
    pub conversation_id: i64,
    pub id: i64,
    /// When it was sent, in milliseconds.
    pub ts: i64,
    /// The sending blog's name.
    pub participant: String,
    pub message: String,
    /// `TEXT` for now.
    pub r#type: String,
}

/// A participant read the conversation up to `last_read_ts` (seconds).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
pub struct ReadData {
    pub conversation_id: i64,
    pub participant: String,
    pub last_read_ts: i64,
}

/// A blog taking part in a conversation (spec 000 §3 Participant).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
pub struct ParticipantRef {
    pub name: String,
    pub title: String,
    pub avatar_url: String,
}

/// A conversation as one blog's inbox shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
pub struct ConversationSummary {
    pub id: i64,
    /// The inbox's blog.
    pub blog: String,
    pub last_modified_ts: i64,
    pub last_read_ts: i64,
    /// Unread for the inbox's blog: `last_modified_ts > last_read_ts`.
    pub unread: bool,
    pub participants: Vec<ParticipantRef>,
    pub last_message: Option<MessageData>,
}

/// The blog a notification came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
pub struct FromTumblelog {
    pub name: String,
    pub avatar_url_48: String,
    pub avatar_url_128: String,
    pub url: String,
    pub is_friend: bool,
}

/// A notification (spec 000 §3 Notification): the same shape `/svc/data/tumblelog` answers
/// in `activity_notifications`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
pub struct NotificationData {
    pub id: i64,
    /// The notified blog.
    pub blog: String,
    /// `follower`, `like`, `reblog`, `user_mention`, `reply`.
    pub r#type: String,
    /// Unix seconds.
    pub timestamp: i64,
    pub message: String,
    pub is_friend: bool,
    pub is_read: bool,
    pub from_tumblelog: Option<FromTumblelog>,
    /// The post it is about (likes, reblogs, replies, mentions).
    pub post: Option<NotificationPost>,
    /// A reblog's new post: the reblog itself, and what it added (null on other types).
    pub new_post: Option<NewPost>,
    /// What a reply or an answer said (null on other types).
    pub note_meta: Option<NoteMeta>,
    /// A `group_invite`'s state: whether it still waits for an answer (null on other types).
    pub group_invite: Option<GroupInviteMeta>,
}

/// Where an invitation to a group blog stands, as its notification shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
pub struct GroupInviteMeta {
    /// The invitation still waits for the invited blog's answer (accept or decline).
    pub pending: bool,
}

/// A group blog's members changed: read them again (`GET /svc/group/members`). It carries the
/// count after the change, so a page showing only the count needs no read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
pub struct MembersChange {
    pub blog: String,
    pub member_count: i64,
}

/// The post a notification is about.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
pub struct NotificationPost {
    pub id: i64,
    /// The post's page.
    pub url: String,
    /// The post's type (`text`, `photo`, … `note`).
    pub r#type: String,
    /// Its title or opening words, plain text, at most 100 characters.
    pub summary: String,
    /// The picture standing for it (its first photo, a link's thumbnail, album art, a
    /// video's poster), or "".
    pub media_url: String,
    /// A video post's poster (its processed video's first frame), or "".
    pub video_thumbnail_url: String,
    /// A question waiting in the blog's inbox.
    pub is_ask: bool,
    /// An answered question.
    pub is_answer: bool,
}

/// A note's words, plain text (show it as text): a reply's text, or an answer's words (at
/// most 500 characters); the other is "".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
pub struct NoteMeta {
    pub reply_text: String,
    pub answer_text: String,
}

/// The post a reblog made, as its notification names it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
pub struct NewPost {
    /// The reblog's page.
    pub url: String,
    /// What the reblog added, plain text ("" when it added nothing).
    pub diff: String,
    /// The words of the post it reblogged, as the notification quotes them: its title or
    /// opening words (the notification's `post.summary`).
    pub quote: String,
}

/// What happened to a post, for readers of its blog to update in place: fetch a new or
/// edited one (it is published), drop a removed one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
pub struct PostChange {
    pub blog: String,
    pub id: i64,
    pub action: PostAction,
}

/// How a blog's published posts changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
#[serde(rename_all = "snake_case")]
pub enum PostAction {
    /// It went out (saved published, published, or sent out by its queue or schedule).
    Created,
    /// A published post was edited.
    Updated,
    /// It was deleted, or taken back to the drafts, the queue or private.
    Deleted,
}

/// A reblog chain's note count: its likes, reblogs and replies, on every post of the chain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
pub struct NoteCount {
    /// The chain's first post.
    pub root_id: i64,
    pub note_count: i64,
}

/// One blog's unread counts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
pub struct BlogUnread {
    pub blog: String,
    /// Unread conversations.
    pub messaging: i64,
    /// Unread notifications.
    pub activity: i64,
}

/// The session user's unread counts; `messaging` drives the header's messaging badge.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
pub struct UnreadCounts {
    /// Unread conversations over all the user's blogs.
    pub messaging: i64,
    pub blogs: Vec<BlogUnread>,
}
