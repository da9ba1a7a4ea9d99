//! Conversations, messages and participants as the spec's calls read them
//! (spec 000 §3 Conversation, Message, Participant, Theme).

use dashwire_protocol::{MessageData, ParticipantRef};
use serde::Serialize;

use crate::blogs::avatar::{DEFAULT_AVATAR_SIZE, avatar_url};
use crate::blogs::model::theme_params;

/// A participant blog as stored.
#[derive(Debug, Clone, sqlx::FromRow, serde::Deserialize)]
pub struct ParticipantRow {
    pub id: i64,
    pub name: String,
    pub title: String,
    pub user_id: i64,
    pub can_message: bool,
    pub theme: String,
    pub last_read_ms: i64,
    /// Up to when this blog deleted the conversation for itself (0: never).
    pub cleared_ms: i64,
}

/// A participant with the conversation it takes part in, for reading many conversations'
/// participants at once.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ConversationParticipant {
    pub conversation_id: i64,
    #[sqlx(flatten)]
    pub participant: ParticipantRow,
}

impl ParticipantRow {
    /// The participant as events carry it.
    pub(crate) fn as_ref(&self) -> ParticipantRef {
        ParticipantRef {
            name: self.name.clone(),
            title: self.title.clone(),
            avatar_url: avatar_url(&self.name, DEFAULT_AVATAR_SIZE),
        }
    }

    /// The participant as the HTTP calls answer it.
    pub(crate) fn view(&self) -> Participant {
        let theme = theme_params(&self.theme);
        Participant {
            name: self.name.clone(),
            key: self.name.clone(),
            title: self.title.clone(),
            avatar_url: avatar_url(&self.name, DEFAULT_AVATAR_SIZE),
            can_message: self.can_message,
            theme: Theme {
                background_color: Some(theme.background_color),
                link_color: Some(theme.link_color),
                header_image_focused: theme.header_image_focused,
                show_header_image: theme.show_header_image,
            },
        }
    }
}

/// A message as stored, with its sender's name.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MessageRow {
    pub id: i64,
    pub conversation_id: i64,
    pub ts: i64,
    pub r#type: String,
    pub body: String,
    pub participant: String,
}

impl MessageRow {
    /// The wire form (the same in events and in HTTP answers).
    pub(crate) fn into_data(self) -> MessageData {
        MessageData {
            conversation_id: self.conversation_id,
            id: self.id,
            ts: self.ts,
            participant: self.participant,
            message: self.body,
            r#type: self.r#type,
        }
    }
}

/// A blog's theme as conversations show it.
#[derive(Debug, Serialize)]
#[cfg_attr(
    test,
    derive(ts_rs::TS),
    ts(export_to = "api/types/", rename = "ParticipantTheme")
)]
pub(crate) struct Theme {
    pub background_color: Option<String>,
    pub link_color: Option<String>,
    pub header_image_focused: Option<String>,
    pub show_header_image: bool,
}

/// A participant blog.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct Participant {
    pub name: String,
    pub key: String,
    pub title: String,
    pub avatar_url: String,
    pub can_message: bool,
    pub theme: Theme,
}

/// A conversation as one of its blogs sees it.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct Conversation {
    pub id: i64,
    pub status: String,
    pub last_modified_ts: i64,
    pub last_read_ts: i64,
    pub unread: bool,
    pub participants: Vec<Participant>,
    /// The newest message, as the inbox shows it.
    pub messages: MessagePage,
}

/// A page of messages, oldest first, with the link to older ones.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct MessagePage {
    pub data: Vec<MessageData>,
    #[serde(rename = "_links")]
    pub links: Links,
}

impl MessagePage {
    /// A page with no messages and no links (a conversation's header in answers that carry
    /// messages elsewhere, or none).
    pub(crate) fn empty() -> MessagePage {
        MessagePage {
            data: Vec::new(),
            links: Links::default(),
        }
    }
}

/// The spec's paging links.
#[derive(Debug, Default, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct Links {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub next: Option<Link>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub previous: Option<Link>,
}

/// One link.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct Link {
    pub href: String,
    pub method: &'static str,
}

impl Link {
    /// A GET link.
    pub(crate) fn get(href: String) -> Link {
        Link {
            href,
            method: "GET",
        }
    }
}
