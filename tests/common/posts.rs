//! Posts for the post tests: saving through the composer, reading pages and posts back, and
//! the actions on a post (likes, fast reblogs, replies, deletes) with the notes and
//! notifications they make.

use serde_json::Value;

use super::{Answer, Client};

/// Saves a post on `blog` with `fields` and answers the save answer, failing on an error.
pub async fn save(client: &Client, blog: &str, fields: &[(&str, &str)]) -> Value {
    client.save_post(blog, fields).await
}

/// Saves a post on `blog` with `fields` and answers the answer as it is, error or not.
pub async fn save_raw(client: &Client, blog: &str, fields: &[(&str, &str)]) -> Answer {
    let mut all = vec![("channel_id", blog)];
    all.extend_from_slice(fields);
    client.post("/svc/post/update", &all).await
}

/// The posts of a page, as `(id, type)`.
pub async fn page(client: &Client, path: &str) -> Vec<(i64, String)> {
    let answer = client.get(path).await;
    assert_eq!(answer.status, 200, "{path}: {}", answer.body);
    answer.response()["posts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["id"].as_i64().unwrap(),
                p["content"]["type"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// A client logged in to `base` as an existing account.
pub async fn logged_in(base: &str, email: &str) -> Client {
    let mut client = Client::visitor(base).await;
    let answer = client
        .post("/login", &[("email", email), ("password", "correct horse")])
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    client.form_key = answer.response()["form_key"].as_str().unwrap().to_owned();
    client
}

/// The messages of an error answer, each with its field.
pub fn field_errors(answer: &Answer) -> Vec<(String, String)> {
    answer.body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["field"].as_str().unwrap_or("").to_owned(),
                e["detail"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// A published text post of `client`'s blog `blog`: `(id, reblog_key)`.
pub async fn text_post(
    client: &Client,
    blog: &str,
    title: &str,
    extra: &[(&str, &str)],
) -> (i64, String) {
    let mut fields = vec![
        ("post[type]", "text"),
        ("post[state]", "0"),
        ("post[one]", title),
        ("post[two]", "<p>Some words.</p>"),
    ];
    fields.extend_from_slice(extra);
    let post = client.save_post(blog, &fields).await["post"].clone();
    (
        post["id"].as_i64().unwrap(),
        post["reblog_key"].as_str().unwrap().to_owned(),
    )
}

/// `/svc/like` or `/svc/unlike` (`path`) of the post `id`.
pub async fn like(client: &Client, path: &str, id: i64, key: &str) -> Answer {
    client
        .post(path, &[("id", &id.to_string()), ("key", key)])
        .await
}

/// `/fast_reblog` of the post `id`, queued when `queue`.
pub async fn fast_reblog(client: &Client, id: i64, key: &str, queue: bool) -> Answer {
    let id = id.to_string();
    let mut fields = vec![("reblog_post_id", id.as_str()), ("reblog_key", key)];
    if queue {
        fields.push(("queue", "queue"));
    }
    client.post("/fast_reblog", &fields).await
}

/// `/svc/reply` to the post `id` with `text`.
pub async fn reply(client: &Client, id: i64, text: &str) -> Answer {
    client
        .post(
            "/svc/reply",
            &[("post_id", &id.to_string()), ("reply_text", text)],
        )
        .await
}

/// `/svc/post/delete` of the post `id` of `blog`.
pub async fn delete(client: &Client, id: i64, blog: &str) -> Answer {
    client
        .post(
            "/svc/post/delete",
            &[("post_id", &id.to_string()), ("channel_id", blog)],
        )
        .await
}

/// The post `id` as `client` reads it on its page.
pub async fn read_post(client: &Client, blog: &str, id: i64) -> Value {
    let path = format!("/svc/indash_blog/posts?tumblelog_name_or_id={blog}&post_id={id}&limit=1");
    let answer = client.get(&path).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.response()["posts"][0].clone()
}

/// `blog`'s newest notifications of `kind`, as its owner `client` reads them.
pub async fn notifications(client: &Client, blog: &str, kind: &str) -> Vec<Value> {
    let path = format!("/svc/data/tumblelog?tumblelog={blog}&include_activity_notifications=1");
    let answer = client.get(&path).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let all = answer.response()["activity_notifications"]
        .as_array()
        .unwrap()
        .clone();
    all.into_iter().filter(|n| n["type"] == kind).collect()
}

/// The `(type, blog)` of each note of the post `id`, newest first.
pub async fn notes(client: &Client, id: i64) -> Vec<(String, String)> {
    let answer = client.get(&format!("/svc/post/notes?post_id={id}")).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let notes = answer.response()["notes"].as_array().unwrap().clone();
    notes
        .iter()
        .map(|n| {
            (
                n["type"].as_str().unwrap().to_owned(),
                n["blog_name"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// A note as [`notes`] lists it.
pub fn note(kind: &str, blog: &str) -> (String, String) {
    (kind.to_owned(), blog.to_owned())
}
