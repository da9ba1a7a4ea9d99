//! Edit appearance (`/settings/blog/{name}`, spec 000 §2.1, §3 Blog `global_theme_params`):
//! a blog's owner saves its theme: colours, the title's font from the catalogue
//! (`fonts.rs`) and weight, what the header shows, the header image (uploaded as a photo is,
//! then named here) and its focus and stretch, the avatar's shape; and the title and
//! description. Every field is checked here, whatever the form allowed.

use axum::Router;
use axum::extract::State;
use axum::routing::post;
use serde::Deserialize;
use serde_json::{Map, Value};

use super::fonts::font_named;
use super::lookup::{BlogField, owned_blog};
use super::model::{BlogView, ThemeParams, theme_params};
use super::store;
use super::validate::blog_title;
use crate::auth::session::CurrentUser;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::Json;
use crate::state::AppState;

/// The longest description a blog takes (characters of its plain text).
pub(crate) const MAX_DESCRIPTION_CHARS: usize = 1_000;

pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/svc/blog/appearance", post(save_appearance))
}

/// The body of `POST /svc/blog/appearance`: the fields that change.
#[derive(Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct AppearanceForm {
    /// One of your blogs.
    #[serde(default)]
    tumblelog: String,
    title: Option<String>,
    description: Option<String>,
    /// The theme fields to change; the others keep what they are.
    #[cfg_attr(
        test,
        ts(type = "Partial<import(\"./ThemeParams\").ThemeParams>", optional)
    )]
    global_theme_params: Option<Map<String, Value>>,
}

async fn save_appearance(
    State(app): State<AppState>,
    user: CurrentUser,
    Json(form): Json<AppearanceForm>,
) -> ApiResult<BlogView> {
    let blog = owned_blog(
        &app.store,
        user.user_id,
        &form.tumblelog,
        BlogField::Tumblelog,
    )
    .await?;
    let row = store::blog_by_name(&app.store, &blog.name, Some(user.user_id))
        .await?
        .ok_or_else(|| AppError::not_found("That blog is gone."))?;
    let mut theme = theme_params(&row.theme);
    if let Some(changes) = form.global_theme_params {
        apply(&mut theme, changes).map_err(|(field, detail)| {
            AppError::invalid(
                Code::InvalidTheme,
                vec![(format!("global_theme_params.{field}"), detail)],
            )
        })?;
    }
    let title = match form.title {
        Some(title) => blog_title(Some(&title), &blog.name)?,
        None => row.title.clone(),
    };
    let description = match form.description {
        Some(text) if text.chars().count() > MAX_DESCRIPTION_CHARS => {
            return Err(AppError::invalid(
                Code::InvalidDescription,
                vec![(
                    "description".into(),
                    format!("A description is at most {MAX_DESCRIPTION_CHARS} characters."),
                )],
            ));
        }
        Some(text) => text.trim().to_owned(),
        None => row.description.clone(),
    };
    store::set_appearance(
        &app.store,
        blog.id,
        &title,
        &description,
        &overrides(&theme),
    )
    .await?;
    let row = store::blog_by_name(&app.store, &blog.name, Some(user.user_id))
        .await?
        .ok_or_else(|| AppError::not_found("That blog is gone."))?;
    Ok(ok(BlogView::of(&row, Some(user.user_id), None)))
}

/// Lays `changes` over `theme`, each field checked: `Err((field, message))` at the first
/// that is wrong.
fn apply(theme: &mut ThemeParams, changes: Map<String, Value>) -> Result<(), (String, String)> {
    for (field, value) in changes {
        let wrong = |what: &str| Err((field.clone(), what.to_owned()));
        match field.as_str() {
            "background_color" | "title_color" | "link_color" => {
                let Some(colour) = value.as_str().and_then(colour) else {
                    return wrong("A colour is written #RRGGBB.");
                };
                match field.as_str() {
                    "background_color" => theme.background_color = colour,
                    "title_color" => theme.title_color = colour,
                    _ => theme.link_color = colour,
                }
            }
            "title_font" => match value.as_str().and_then(font_named) {
                Some(font) => theme.title_font = font.name.to_owned(),
                None => return wrong("Choose a font from the list."),
            },
            "title_font_weight" => match value.as_str() {
                Some(w @ ("bold" | "regular")) => theme.title_font_weight = w.to_owned(),
                _ => return wrong("The title's weight is bold or regular."),
            },
            "avatar_shape" => match value.as_str() {
                Some(s @ ("square" | "circle")) => theme.avatar_shape = s.to_owned(),
                _ => return wrong("The avatar is square or circle."),
            },
            "show_avatar" | "show_title" | "show_description" | "show_header_image"
            | "header_stretch" => {
                let Some(on) = value.as_bool() else {
                    return wrong("This is true or false.");
                };
                match field.as_str() {
                    "show_avatar" => theme.show_avatar = on,
                    "show_title" => theme.show_title = on,
                    "show_description" => theme.show_description = on,
                    "show_header_image" => theme.show_header_image = on,
                    _ => theme.header_stretch = on,
                }
            }
            "header_image" | "header_image_focused" => {
                let image = match &value {
                    Value::Null => None,
                    Value::String(url) if url.is_empty() => None,
                    Value::String(url) if our_media(url) => Some(url.clone()),
                    _ => return wrong("A header image is one uploaded here (/media/…)."),
                };
                if field == "header_image" {
                    theme.header_image = image;
                } else {
                    theme.header_image_focused = image;
                }
            }
            "header_image_dimens" => {
                let dimens = value.as_object().and_then(|d| {
                    let w = d.get("width")?.as_u64()?;
                    let h = d.get("height")?.as_u64()?;
                    (1..=10_000).contains(&w).then_some(())?;
                    (1..=10_000).contains(&h).then_some(())?;
                    Some(serde_json::json!({ "width": w, "height": h }))
                });
                match (dimens, &value) {
                    (Some(d), _) => theme.header_image_dimens = Some(d),
                    (None, Value::Null) => theme.header_image_dimens = None,
                    _ => {
                        return wrong(
                            "The header's size is {\"width\": …, \"height\": …} in pixels.",
                        );
                    }
                }
            }
            _ => return wrong("There is no such theme field."),
        }
    }
    Ok(())
}

/// `#RRGGBB` (or `#RGB`, widened) in capitals, if `text` is one.
fn colour(text: &str) -> Option<String> {
    let hex = text.trim().strip_prefix('#')?;
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let full = match hex.len() {
        3 => hex.chars().flat_map(|c| [c, c]).collect(),
        6 => hex.to_owned(),
        _ => return None,
    };
    Some(format!("#{}", full.to_ascii_uppercase()))
}

/// A file this server keeps: uploads are served at `/media/{name}`.
fn our_media(url: &str) -> bool {
    url.strip_prefix("/media/").is_some_and(|name| {
        !name.is_empty()
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-' || b == b'_')
            && !name.contains("..")
    })
}

/// The theme as the `theme` column keeps it: only what differs from the defaults.
fn overrides(theme: &ThemeParams) -> String {
    let (Ok(Value::Object(theme)), Ok(Value::Object(defaults))) = (
        serde_json::to_value(theme),
        serde_json::to_value(ThemeParams::default()),
    ) else {
        return "{}".into();
    };
    let changed: Map<String, Value> = theme
        .into_iter()
        .filter(|(key, value)| defaults.get(key) != Some(value))
        .collect();
    Value::Object(changed).to_string()
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<AppearanceForm>();
    exports.add::<super::fonts::Font>();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_checked_one_by_one() {
        let mut theme = ThemeParams::default();
        let changes = |v: Value| v.as_object().unwrap().clone();
        apply(
            &mut theme,
            changes(serde_json::json!({"title_color": "#abc", "title_font": "Georgia", "avatar_shape": "circle", "show_title": false, "header_image": "/media/abc123.png"})),
        )
        .unwrap();
        assert_eq!(theme.title_color, "#AABBCC");
        assert_eq!(
            (theme.title_font.as_str(), theme.avatar_shape.as_str()),
            ("Georgia", "circle")
        );
        assert_eq!(theme.header_image.as_deref(), Some("/media/abc123.png"));
        for (field, bad) in [
            ("link_color", serde_json::json!("red")),
            ("link_color", serde_json::json!("#12345")),
            ("title_font", serde_json::json!("Wingdings")),
            ("title_font_weight", serde_json::json!("900")),
            ("show_avatar", serde_json::json!("yes")),
            (
                "header_image",
                serde_json::json!("https://evil.example/x.png"),
            ),
            ("header_image", serde_json::json!("/media/../secret")),
            (
                "header_image_dimens",
                serde_json::json!({"width": 0, "height": 5}),
            ),
            ("bogus", serde_json::json!(1)),
        ] {
            let err = apply(&mut theme, changes(serde_json::json!({ field: bad }))).unwrap_err();
            assert_eq!(err.0, field);
        }
    }

    #[test]
    fn only_what_differs_from_the_defaults_is_kept() {
        let mut theme = ThemeParams::default();
        assert_eq!(overrides(&theme), "{}");
        theme.title_color = "#000000".into();
        assert_eq!(overrides(&theme), r##"{"title_color":"#000000"}"##);
        assert_eq!(theme_params(&overrides(&theme)), theme);
    }
}
