//! The rules for blog names.

use crate::error::{AppError, Code};
use crate::store::{Store, unique_violation};

/// The longest blog name.
pub(crate) const MAX_NAME_LEN: usize = 32;
/// Names no blog may take: `www`, and each word that follows `/svc/` in a route, since
/// `/svc/{blogname}/posts/highlighted` (spec 002 §7) puts a blog's name in that place and a
/// blog named `post` would be read as `/svc/post/…` (tests/layout/main.rs checks the list against
/// the routes), with a few kept for routes to come.
pub const RESERVED: &[&str] = &[
    "www",
    "admin",
    "api",
    "svc",
    "archive",
    "embed",
    "log",
    "share",
    "video",
    "ask",
    "block",
    "blog",
    "blogs",
    "conversations",
    "data",
    "follow",
    "group",
    "like",
    "mention",
    "post",
    "promote",
    "reply",
    "search",
    "unfollow",
    "unlike",
    "unpromote",
    "user",
];

/// Trims a blog name and checks it: 1-32 characters of a-z, 0-9 and '-', not reserved.
pub(crate) fn blog_name(raw: &str) -> Result<String, AppError> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(AppError::bad_request(
            Code::InvalidBlogName,
            "Blog name is required.",
        ));
    }
    let valid_chars = name
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !valid_chars || name.len() > MAX_NAME_LEN {
        return Err(AppError::bad_request(
            Code::InvalidBlogName,
            format!(
                "Blog names are 1-{MAX_NAME_LEN} characters of lowercase letters a-z, numbers 0-9 and '-'."
            ),
        ));
    }
    if RESERVED.contains(&name) {
        return Err(AppError::bad_request(
            Code::InvalidBlogName,
            format!("The name '{name}' is reserved."),
        ));
    }
    Ok(name.to_owned())
}

/// The 409 for a blog name someone already has.
pub(crate) fn name_taken(name: &str) -> AppError {
    AppError::conflict(
        Code::BlogNameTaken,
        format!("The name '{name}' is already taken. Try another."),
    )
}

/// A blog title: trimmed, at most 255 characters; empty means "use the name".
pub(crate) fn blog_title(raw: Option<&str>, name: &str) -> Result<String, AppError> {
    let title = raw.unwrap_or("").trim();
    if title.chars().count() > 255 {
        return Err(AppError::bad_request(
            Code::InvalidTitle,
            "Blog titles are at most 255 characters.",
        ));
    }
    Ok(if title.is_empty() {
        name.to_owned()
    } else {
        title.to_owned()
    })
}

/// A new blog's name and title as asked (`/new/blog`, `/svc/group/create`): both checked, and
/// the name not taken yet.
pub(crate) async fn new_blog(
    store: &Store,
    name: &str,
    title: Option<&str>,
) -> Result<(String, String), AppError> {
    let name = blog_name(name)?;
    let title = blog_title(title, &name)?;
    if super::store::blog_name_taken(store, &name).await? {
        return Err(name_taken(&name));
    }
    Ok((name, title))
}

/// What making the blog `name` failing with `err` answers: taken, when another request made
/// a blog of that name between the check and the insert.
pub(crate) fn taken_or(err: sqlx::Error, name: &str) -> AppError {
    match unique_violation(&err) {
        Some(_) => name_taken(name),
        None => err.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(blog_name(" good-name-1 ").unwrap(), "good-name-1");
        assert!(blog_name("a").is_ok());
        assert!(blog_name(&"a".repeat(32)).is_ok());
        for bad in [
            "",
            "   ",
            "www",
            "Upper",
            "under_score",
            "dot.ted",
            "spa ce",
            "é",
        ] {
            assert!(blog_name(bad).is_err(), "{bad:?} should be refused");
        }
        assert!(blog_name(&"a".repeat(33)).is_err());
    }

    #[test]
    fn titles_default_to_the_name() {
        assert_eq!(blog_title(None, "bob").unwrap(), "bob");
        assert_eq!(blog_title(Some("  "), "bob").unwrap(), "bob");
        assert_eq!(blog_title(Some(" Bob's "), "bob").unwrap(), "Bob's");
        assert!(blog_title(Some(&"x".repeat(256)), "bob").is_err());
    }
}
