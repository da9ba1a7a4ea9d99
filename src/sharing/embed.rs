//! Embeds: a post's embed page (`/blog/{name}/post/{id}/embed`), the code that puts it in
//! another site's page (spec 000 §3 Embed-code generator options), the two small scripts that
//! size the frame, and the inline embed page the editor frames (spec 001 §7
//! `/svc/embed/inline/{urlOrCode}`).
//!
//! Every page here is the server's own HTML: a post's HTML fields as the sanitiser left them,
//! its text escaped, and a Content-Security-Policy that runs no script but this server's.

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::auth::session::MaybeSession;
use crate::composer::media_urls::video_source;
use crate::posts::html::content_html;
use crate::posts::model::PostState;
use crate::posts::store::{PostRow, post_row, tags_of};
use crate::state::AppState;
use crate::web::escape_html as esc;

/// The embed page may be framed anywhere and runs only its own script.
const EMBED_POLICY: &str = "default-src 'none'; script-src 'self'; img-src 'self' https: http: data:; \
     media-src 'self' https: http:; frame-src https:; style-src 'unsafe-inline'; base-uri 'none'; \
     form-action 'none'; frame-ancestors *";

/// The editor's inline embed page runs no script at all, in an origin of its own (sandbox).
const INLINE_POLICY: &str = "sandbox allow-popups allow-presentation; default-src 'none'; \
     img-src https: http: data:; media-src 'self' https: http:; frame-src https: 'self'; \
     style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/blog/{name}/post/{id}/embed", get(embed_page))
        .route("/embed.js", get(embed_js))
        .route("/embed/frame.js", get(frame_js))
        .route("/svc/embed/inline/{url_or_code}", get(inline))
}

/// The code that embeds `row` in another page: a link (what shows where scripts do not run)
/// that `embed.js` turns into a frame of the embed page.
pub(crate) fn embed_code(base: &str, row: &PostRow) -> String {
    let post_url = format!(
        "{base}{}",
        crate::paths::post_url(&row.blog_name, row.id, &row.slug)
    );
    let frame = format!("{base}/blog/{}/post/{}/embed", row.blog_name, row.id);
    format!(
        "<div class=\"dashwire-post\" data-href=\"{}\" data-did=\"{}\" data-key=\"{}\">\
         <a href=\"{}\">{}</a></div>\
         <script async src=\"{}/embed.js\" charset=\"utf-8\"></script>",
        esc(&frame),
        esc(&embed_did(row)),
        esc(&row.reblog_key),
        esc(&post_url),
        esc(&post_url),
        esc(base),
    )
}

/// A stable token for the embedded post (spec 000 §3 `embed_did`), that names it without
/// its id: the first 16 hex digits of a SHA-256 of the blog and post.
pub(crate) fn embed_did(row: &PostRow) -> String {
    let digest = Sha256::digest(format!("{}:{}", row.blog_name, row.id));
    digest.iter().take(8).map(|b| format!("{b:02x}")).collect()
}

async fn embed_page(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Path((name, id)): Path<(String, String)>,
) -> Response {
    let viewer = session.as_ref().and_then(|s| s.user_id);
    let row = match id.parse::<i64>() {
        Ok(id) => post_row(&app.store, id, viewer).await.ok().flatten(),
        Err(_) => None,
    };
    // Only a published post embeds: a private one is its owner's, on the site.
    let Some(row) = row.filter(|r| r.blog_name == name && r.state() == PostState::Published) else {
        return page(
            StatusCode::NOT_FOUND,
            EMBED_POLICY,
            "Not found",
            "<p class=\"gone\">This post is gone, or never was.</p>",
        );
    };
    let tags = tags_of(&app.store, &[row.id])
        .await
        .ok()
        .and_then(|mut t| t.remove(&row.id))
        .unwrap_or_default();
    let base = &app.config.public_url;
    let post_url = format!(
        "{base}{}",
        crate::paths::post_url(&row.blog_name, row.id, &row.slug)
    );
    let mut body = format!(
        "<header><a class=\"blog\" href=\"{base}/blog/{name}\" target=\"_blank\" rel=\"noopener\">{name}</a></header>",
        base = esc(base),
        name = esc(&row.blog_name)
    );
    // As the site shows a post: its media (a reblog carries the first post's), then the
    // trail of who said what, then the reblog's own words.
    body.push_str(&content_html(&row.content()));
    for item in row.trail() {
        body.push_str(&format!(
            "<section class=\"trail\"><p class=\"who\">{}</p>{}</section>",
            esc(&item.name),
            item.content
        ));
    }
    body.push_str(&row.comment);
    if !tags.is_empty() {
        let tags: String = tags
            .iter()
            .map(|t| format!("<li>#{}</li>", esc(t)))
            .collect();
        body.push_str(&format!("<ul class=\"tags\">{tags}</ul>"));
    }
    body.push_str(&format!(
        "<footer><a href=\"{}\" target=\"_blank\" rel=\"noopener\">View on dashwire</a></footer>\
         <script src=\"/embed/frame.js\"></script>",
        esc(&post_url)
    ));
    page(StatusCode::OK, EMBED_POLICY, &row.blog_name, &body)
}

/// The query of `/svc/embed/inline/{urlOrCode}`: the frame's size.
#[derive(Debug, Deserialize)]
struct InlineQuery {
    w: Option<u32>,
    h: Option<u32>,
}

/// The page the editor frames for an inline embed: a video's player (a youtube page, a video
/// file, or the iframe of an embed code, as the video form reads them) or a post of this
/// server's, at the frame's size. Anything else is a 404 page.
async fn inline(
    State(app): State<AppState>,
    Path(url_or_code): Path<String>,
    Query(size): Query<InlineQuery>,
) -> Response {
    let width = size.w.unwrap_or(540).clamp(100, 1280);
    let height = size.h.unwrap_or(width * 9 / 16).clamp(50, 1280);
    let target = url_or_code.trim();
    let frame = |src: &str| {
        format!(
            "<iframe src=\"{}\" width=\"{width}\" height=\"{height}\" allowfullscreen></iframe>",
            esc(src)
        )
    };
    let body = if let Some((blog, id)) = our_post(&app.config.public_url, target) {
        Some(frame(&format!("/blog/{blog}/post/{id}/embed")))
    } else {
        match video_source(target) {
            Ok(source) if !source.embed_url.is_empty() => Some(frame(&source.embed_url)),
            Ok(source) => Some(format!(
                "<video src=\"{}\" width=\"{width}\" controls></video>",
                esc(&source.url)
            )),
            Err(_) => None,
        }
    };
    match body {
        Some(body) => page(StatusCode::OK, INLINE_POLICY, "Embed", &body),
        None => page(
            StatusCode::NOT_FOUND,
            INLINE_POLICY,
            "Embed",
            "<p class=\"gone\">Nothing to embed at that address.</p>",
        ),
    }
}

/// The blog and id of a post of this server's named by `target`: its address (with or
/// without the public address in front) or its embed code.
fn our_post(base: &str, target: &str) -> Option<(String, i64)> {
    let path = if target.starts_with('<') {
        let at = target.find("data-href=\"")? + "data-href=\"".len();
        let end = target[at..].find('"')?;
        &target[at..at + end]
    } else {
        target
    };
    let path = path.strip_prefix(base).unwrap_or(path);
    let rest = path.strip_prefix("/blog/")?;
    let mut parts = rest.split('/');
    let blog = parts.next()?;
    (parts.next()? == "post").then_some(())?;
    let id: i64 = parts.next()?.parse().ok()?;
    let nameable = !blog.is_empty()
        && blog
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    nameable.then(|| (blog.to_owned(), id))
}

/// A page of its own. Every link in it opens a new tab (`<base target>`): in a frame, the
/// frame would go there, and most sites refuse to be framed.
fn page(status: StatusCode, policy: &'static str, title: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width\"><base target=\"_blank\"><title>{title}</title>\
         <style>body{{font:15px/1.5 system-ui,sans-serif;margin:0;padding:12px 16px;color:#222;background:#fff}}\
         img,video,iframe{{max-width:100%;height:auto}}iframe{{border:0}}h2{{margin:.2em 0}}\
         header .blog,footer a{{color:#333;font-weight:600;text-decoration:none}}footer{{margin-top:1em;font-size:13px}}\
         .who{{font-weight:bold;margin:0}}.trail{{border-left:3px solid #ddd;padding-left:1rem;margin:.5rem 0}}\
         .tags{{list-style:none;padding:0;color:#777}}.tags li{{display:inline;margin-right:.5rem}}\
         .gone{{color:#777}}</style></head><body><article>{body}</article></body></html>",
        title = esc(title),
    );
    (
        status,
        [
            (CONTENT_TYPE, "text/html; charset=utf-8"),
            (CONTENT_SECURITY_POLICY, policy),
        ],
        html,
    )
        .into_response()
}

async fn embed_js() -> Response {
    script(EMBED_JS)
}

async fn frame_js() -> Response {
    script(FRAME_JS)
}

fn script(source: &'static str) -> Response {
    (
        [
            (CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (CACHE_CONTROL, "public, max-age=3600"),
        ],
        source,
    )
        .into_response()
}

/// Turns each embed code's link into a frame of the post's embed page, and sizes the frame
/// to the height the page reports (only messages from the frame it made are read).
const EMBED_JS: &str = r#"(function () {
  function mount(el) {
    if (el.getAttribute('data-mounted')) return;
    var href = el.getAttribute('data-href');
    if (!href || !/^https?:\/\//.test(href)) return;
    var frame = document.createElement('iframe');
    frame.src = href;
    frame.title = 'A post on dashwire';
    frame.setAttribute('loading', 'lazy');
    frame.style.cssText = 'border:0;width:100%;max-width:540px;height:400px;display:block';
    el.setAttribute('data-mounted', '1');
    el.innerHTML = '';
    el.appendChild(frame);
    window.addEventListener('message', function (event) {
      if (event.source !== frame.contentWindow) return;
      var data = event.data || {};
      if (data.type === 'dashwire:embed-height' && typeof data.height === 'number') {
        frame.style.height = Math.min(Math.max(data.height, 50), 5000) + 'px';
      }
    });
  }
  var all = document.querySelectorAll('.dashwire-post');
  for (var i = 0; i < all.length; i++) mount(all[i]);
})();
"#;

/// Inside the embed page: reports its height to the page that framed it.
const FRAME_JS: &str = r#"(function () {
  // The body's own height with its margins: the document's scrollHeight is never less than
  // the frame, so a post shorter than the frame's first 400 px would never shrink it.
  function report() {
    if (window.parent === window) return;
    var body = document.body, style = window.getComputedStyle(body);
    var height = body.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
    window.parent.postMessage({ type: 'dashwire:embed-height', height: Math.ceil(height) }, '*');
  }
  window.addEventListener('load', report);
  if (window.ResizeObserver) new ResizeObserver(report).observe(document.body);
  report();
})();
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn our_posts_are_read_from_an_address_or_a_code() {
        let base = "http://h:1";
        assert_eq!(
            our_post(base, "http://h:1/blog/ann/post/7/slug"),
            Some(("ann".into(), 7))
        );
        assert_eq!(
            our_post(base, "/blog/ann-b/post/7"),
            Some(("ann-b".into(), 7))
        );
        let code =
            "<div class=\"dashwire-post\" data-href=\"http://h:1/blog/ann/post/9/embed\"></div>";
        assert_eq!(our_post(base, code), Some(("ann".into(), 9)));
        for other in [
            "https://example.com/blog/ann/post/7",
            "/blog/Ann/post/7",
            "/blog/ann/posts/7",
            "x",
        ] {
            assert_eq!(our_post(base, other), None, "{other}");
        }
    }
}
