//! "Preview on blog" (spec 001 §4): the composer submits the post's fields as a hidden form
//! to the blog's address plus `post/preview`, and gets a page showing the post as it would
//! be, without saving it. The page is the server's own: the post's HTML is sanitised as a
//! saved post's is, its text escaped, and a Content-Security-Policy forbids scripts anyway.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::http::header::{CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};

use super::form;
use crate::auth::session::CurrentUser;
use crate::blogs::lookup::{BlogField, writable_blog};
use crate::error::AppError;
use crate::extract::PairsForm;
use crate::posts::html::content_html;
use crate::posts::reblog::{rebloggable, trail_after};
use crate::state::AppState;
use crate::web::escape_html as esc;

/// No script, no plugin, no form; images and players from the web.
const POLICY: &str = "default-src 'none'; img-src 'self' https: http: data:; media-src 'self' https: http:; \
     frame-src https:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/// `POST /blog/{name}/post/preview`.
pub(super) async fn preview(
    State(app): State<AppState>,
    user: CurrentUser,
    Path(name): Path<String>,
    PairsForm(fields): PairsForm<form::SaveFields>,
) -> Result<Response, AppError> {
    let blog = writable_blog(&app.store, user.user_id, &name, BlogField::Tumblelog).await?;
    let form = match form::read(&fields) {
        Ok(form) => form,
        Err(errors) => {
            let list: String = errors
                .iter()
                .map(|(_, m)| format!("<li>{}</li>", esc(m)))
                .collect();
            return Ok(page(
                StatusCode::BAD_REQUEST,
                &blog.name,
                &format!("<ul class=\"errors\">{list}</ul>"),
            ));
        }
    };
    let mut body = String::new();
    let content = match &form.reblog {
        Some((parent_id, key)) => {
            let parent = rebloggable(&app.store, user.user_id, *parent_id, key).await?;
            if !form.remove_reblog_tree {
                for item in trail_after(&parent) {
                    body.push_str(&format!(
                        "<section class=\"trail\"><p class=\"who\">{}</p>{}</section>",
                        esc(&item.name),
                        item.content
                    ));
                }
            }
            body.push_str(&form::reblog_comment(
                &form.source,
                form.editor,
                parent.post_type(),
            ));
            parent.content().for_reblog()
        }
        None => match form.content {
            Some(content) => content,
            None => return Err(AppError::not_found("Nothing to preview.")),
        },
    };
    let mut html = content_html(&content);
    html.push_str(&body);
    if !form.tags.is_empty() {
        // Tags are kept with their angle brackets escaped (the spec's tag rule): read them
        // back to text, then escape the whole for the page.
        let tags: String = form
            .tags
            .iter()
            .map(|t| {
                format!(
                    "<li>#{}</li>",
                    esc(&t.replace("&lt;", "<").replace("&gt;", ">"))
                )
            })
            .collect();
        html.push_str(&format!("<ul class=\"tags\">{tags}</ul>"));
    }
    Ok(page(StatusCode::OK, &blog.name, &html))
}

fn page(status: StatusCode, blog: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Preview · {blog}</title>\
         <style>body{{font:16px/1.5 system-ui,sans-serif;max-width:540px;margin:2rem auto;padding:0 1rem;color:#222}}\
         img,video,iframe{{max-width:100%}}iframe{{border:0;width:100%;aspect-ratio:16/9}}.banner{{background:#fffbe6;padding:.5rem 1rem}}\
         .who{{font-weight:bold}}.trail{{border-left:3px solid #ddd;padding-left:1rem}}.tags{{list-style:none;padding:0;color:#777}}\
         .tags li{{display:inline;margin-right:.5rem}}.errors{{color:#b00}}</style></head>\
         <body><p class=\"banner\">Preview of a post on <b>{blog}</b>: not saved.</p><article>{body}</article></body></html>",
        blog = esc(blog),
    );
    (
        status,
        [
            (CONTENT_TYPE, "text/html; charset=utf-8"),
            (CONTENT_SECURITY_POLICY, POLICY),
        ],
        html,
    )
        .into_response()
}
