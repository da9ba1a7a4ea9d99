//! Blogs as the client reads them: the channel entry of the user model and the full blog
//! (spec 000 §3 Blog, spec 002 §3 Current user).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::avatar::{DEFAULT_AVATAR_SIZE, avatar_url};
use super::description::description_html;
use super::store::BlogRow;
use super::writers::Role;

/// One of the user's blogs, as the user model lists them in `channels`.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct UserBlog {
    pub name: String,
    pub title: String,
    pub avatar_url: String,
    pub url: String,
    pub is_current: bool,
    pub is_primary: bool,
    pub unread_count: i64,
    pub can_message: bool,
    pub is_private_group_channel: bool,
    /// Yours: false for a group blog of someone else's that you are a member of (listed
    /// after your own; it is not in your order, and its activity and messages are its owner's).
    pub is_mine: bool,
    /// Your role in it if it is a group blog; null on other blogs.
    pub member_role: Option<Role>,
    /// Its members (0 for a blog that is not a group): the account menu's Members item.
    pub member_count: i64,
}

impl UserBlog {
    /// The channel entry of one of the user's own blogs.
    pub(crate) fn of(row: &BlogRow, current_blog_id: Option<i64>) -> UserBlog {
        UserBlog {
            name: row.name.clone(),
            title: row.title.clone(),
            avatar_url: avatar_url(&row.name, DEFAULT_AVATAR_SIZE),
            url: format!("/blog/{}", row.name),
            is_current: Some(row.id) == current_blog_id,
            is_primary: row.is_primary,
            unread_count: row.unread_count,
            can_message: row.can_message,
            is_private_group_channel: row.is_private_group_channel,
            is_mine: true,
            member_role: row.member_role.as_deref().and_then(Role::parse),
            member_count: row.member_count,
        }
    }

    /// The entry of someone else's group blog the user is a member of: never current (the
    /// current blog is one the user acts as), and with no unread count or messaging, which
    /// are its owner's.
    pub(crate) fn member_of(row: &BlogRow) -> UserBlog {
        UserBlog {
            is_current: false,
            is_primary: false,
            unread_count: 0,
            can_message: false,
            is_mine: false,
            ..UserBlog::of(row, None)
        }
    }
}

/// A blog's look (`global_theme_params`, spec 000 §3 Blog).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct ThemeParams {
    pub background_color: String,
    pub title_color: String,
    pub link_color: String,
    pub title_font: String,
    pub title_font_weight: String,
    pub show_avatar: bool,
    pub show_title: bool,
    pub show_description: bool,
    pub show_header_image: bool,
    /// The header image (an upload of this server's, `/media/…`), if the blog has one.
    pub header_image: Option<String>,
    pub header_image_focused: Option<String>,
    pub header_stretch: bool,
    pub avatar_shape: String,
    #[cfg_attr(test, ts(type = "unknown"))]
    pub header_image_dimens: Option<Value>,
}

impl Default for ThemeParams {
    /// The theme every blog starts with; a blog's `theme` column holds only what differs.
    fn default() -> Self {
        ThemeParams {
            background_color: "#FAFAFA".into(),
            title_color: "#444444".into(),
            link_color: "#529ECC".into(),
            title_font: "Gibson".into(),
            title_font_weight: "bold".into(),
            show_avatar: true,
            show_title: true,
            show_description: true,
            show_header_image: true,
            header_image: None,
            header_image_focused: None,
            header_stretch: true,
            avatar_shape: "square".into(),
            header_image_dimens: None,
        }
    }
}

/// The defaults with the blog's own choices laid over them; a broken stored value falls back
/// to the defaults rather than failing the page.
pub(crate) fn theme_params(stored: &str) -> ThemeParams {
    let defaults = ThemeParams::default();
    let Ok(Value::Object(overrides)) = serde_json::from_str::<Value>(stored) else {
        return defaults;
    };
    let Ok(Value::Object(mut theme)) = serde_json::to_value(&defaults) else {
        return defaults;
    };
    for (key, value) in overrides {
        if theme.contains_key(&key) {
            theme.insert(key, value);
        }
    }
    serde_json::from_value(Value::Object(theme)).unwrap_or(defaults)
}

/// The blog model of `/svc/data/tumblelog` and the blog lists.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", rename = "Blog"))]
pub(crate) struct BlogView {
    pub name: String,
    pub title: String,
    pub directory_safe_title: String,
    pub description: String,
    pub description_sanitized: String,
    pub avatar_url: String,
    pub url: String,
    pub cname: Option<String>,
    pub following: bool,
    /// The viewer's acting blog (the one blocks are made as) blocks this blog.
    pub ignoring: bool,
    pub is_current: bool,
    pub is_mine: bool,
    pub is_private_group_channel: bool,
    /// Your role in it if it is a group blog you are a member of.
    pub member_role: Option<Role>,
    pub can_message: bool,
    pub post_count: i64,
    pub follower_count: i64,
    pub radar_feature_premium: bool,
    pub is_visible_premium_partner: bool,
    pub can_view_customize: bool,
    pub asks: bool,
    pub anonymous_asks: bool,
    /// Marked not safe for work by an administrator.
    pub is_nsfw: bool,
    pub dashboard_url: String,
    pub analytics_url: String,
    pub highlighted_posts: Vec<String>,
    pub global_theme_params: ThemeParams,
    /// Counts only the owner sees.
    #[serde(flatten)]
    pub owner: OwnerCounts,
}

/// The counts of a blog that only its owner sees: absent for anyone else.
#[derive(Debug, Default, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct OwnerCounts {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub unread_count: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub member_count: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub draft_count: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub queued_post_count: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub transcoding_count: Option<i64>,
}

impl BlogView {
    /// The view of `row` for a viewer who may or may not own it.
    pub(crate) fn of(row: &BlogRow, viewer: Option<i64>, current_blog_id: Option<i64>) -> BlogView {
        let is_mine = viewer == Some(row.user_id);
        let dashboard_url = format!("/blog/{}", row.name);
        BlogView {
            name: row.name.clone(),
            title: row.title.clone(),
            directory_safe_title: directory_safe(&row.title),
            description: row.description.clone(),
            description_sanitized: description_html(&row.name, &row.description),
            avatar_url: avatar_url(&row.name, DEFAULT_AVATAR_SIZE),
            url: dashboard_url.clone(),
            cname: None,
            following: row.following,
            ignoring: row.ignoring,
            is_current: is_mine && Some(row.id) == current_blog_id,
            is_mine,
            is_private_group_channel: row.is_private_group_channel,
            member_role: row.member_role.as_deref().and_then(Role::parse),
            can_message: row.can_message,
            post_count: row.post_count,
            follower_count: row.follower_count,
            radar_feature_premium: row.radar_feature_premium,
            is_visible_premium_partner: row.is_visible_premium_partner,
            can_view_customize: is_mine,
            asks: row.asks,
            anonymous_asks: row.anonymous_asks,
            is_nsfw: row.is_nsfw,
            analytics_url: format!("{dashboard_url}/analytics"),
            dashboard_url,
            highlighted_posts: Vec::new(),
            global_theme_params: theme_params(&row.theme),
            // A group's members write it, so they see its counts as its owner does.
            owner: if is_mine || row.member_role.is_some() {
                OwnerCounts {
                    unread_count: Some(row.unread_count),
                    member_count: Some(row.member_count),
                    draft_count: Some(row.draft_count),
                    queued_post_count: Some(row.queued_post_count),
                    transcoding_count: Some(row.transcoding_count),
                }
            } else {
                OwnerCounts::default()
            },
        }
    }
}

/// The title with markup-significant characters removed, for places that show it raw.
fn directory_safe(title: &str) -> String {
    title
        .chars()
        .filter(|c| !matches!(c, '<' | '>' | '"' | '&'))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn theme_overrides_only_known_keys() {
        let theme = theme_params(r##"{"background_color":"#000000","bogus":1}"##);
        assert_eq!(theme.background_color, "#000000");
        assert_eq!(theme.link_color, "#529ECC");
        assert_eq!(theme_params("not json"), ThemeParams::default());
        assert_eq!(
            theme_params(r#"{"show_title":"yes"}"#),
            ThemeParams::default(),
            "a value of the wrong type falls back to the defaults"
        );
    }
}
