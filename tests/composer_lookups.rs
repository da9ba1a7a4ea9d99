//! The composer's lookups over HTTP: mention and tag suggestions, OpenGraph link previews
//! (never of an address inside, and giving up on silent, slow and endless pages), the audio
//! and video providers, and the preview on the blog, unsaved and inert.

mod common;

use common::posts::{logged_in, save};
use common::{Client, Server, TestDb, on_each_backend};
use serde_json::Value;

#[tokio::test]
async fn the_composer_suggests_mentions_and_tags() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let _ = Client::registered(&base, "annie@example.com", "annie").await;
        let _ = Client::registered(&base, "anna-art@example.com", "anna-art").await;
        ann.post("/svc/follow", &[("tumblelog", "anna-art")]).await;
        let mentions = ann.post("/svc/mention", &[("q", "@ann")]).await;
        let names: Vec<&str> = mentions.response()["blogs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            ["anna-art", "ann", "annie"],
            "{kind:?}: followed first, then the shortest"
        );
        assert_eq!(mentions.response()["query"], "ann", "{kind:?}");

        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        for tags in ["cats, cartoons", "cats", "cars"] {
            save(
                &ben,
                "ben",
                &[
                    ("post[type]", "text"),
                    ("post[one]", "t"),
                    ("post[tags]", tags),
                ],
            )
            .await;
        }
        save(
            &ann,
            "ann",
            &[
                ("post[type]", "text"),
                ("post[one]", "t"),
                ("post[tags]", "Cake"),
            ],
        )
        .await;
        let suggested = ann
            .post("/svc/tag_suggest", &[("q", "ca"), ("tags", "cars")])
            .await;
        let lists = &suggested.response()["tagSuggestions"];
        assert_eq!(
            lists["userTags"],
            serde_json::json!(["Cake"]),
            "{kind:?}: the author's own"
        );
        assert_eq!(
            lists["suggestions"],
            serde_json::json!(["cats", "cartoons"]),
            "{kind:?}: popular, most used first, not the post's own"
        );
        let all: Vec<&str> = suggested.response()["tags"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["tag"].as_str().unwrap())
            .collect();
        assert_eq!(all, ["Cake", "cats", "cartoons"], "{kind:?}");
    })
    .await;
}

/// Serves one HTML page on 127.0.0.1 to every request.
async fn page_server(html: &'static str) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        while let Ok((mut socket, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut buf = [0u8; 2048];
                let _ = socket.read(&mut buf).await;
                let head = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: {}\r\n\r\n",
                    html.len()
                );
                let _ = socket.write_all(head.as_bytes()).await;
                let _ = socket.write_all(html.as_bytes()).await;
            });
        }
    });
    format!("http://{addr}/article")
}

#[tokio::test]
async fn link_previews_and_media_lookups() {
    let db = TestDb::new(common::Kind::Sqlite).await;
    let page = page_server(r#"<title>T</title><meta property="og:title" content="A story"><meta property="og:image" content="/i.jpg"><meta property="article:tag" content="news">"#).await;
    let closed = Server::start(&db.url, &[]);
    let ann = Client::registered(&closed.base, "ann@example.com", "ann").await;
    let refused = ann.post("/svc/post/fetch_og", &[("url", &page)]).await;
    assert_eq!(
        (refused.status, refused.detail()),
        (400, "That address is not on the web."),
        "never from inside"
    );
    drop(closed);
    let open = Server::start(&db.url, &["--allow-private-fetch"]);
    let ann = logged_in(&open.base, "ann@example.com").await;
    let og = ann.post("/svc/post/fetch_og", &[("url", &page)]).await;
    assert_eq!(og.status, 200, "{}", og.body);
    assert_eq!(og.response()["title"], "A story");
    assert!(og.response()["image"].as_str().unwrap().ends_with("/i.jpg"));
    assert_eq!(og.response()["tags"], serde_json::json!(["news"]));

    let spotify = ann
        .post(
            "/svc/post/get_spotify_data",
            &[("url", "https://open.spotify.com/track/abc")],
        )
        .await;
    assert_eq!(
        spotify.response()["embed_url"],
        "https://open.spotify.com/embed/track/abc"
    );
    let wrong = ann
        .post(
            "/svc/post/get_soundcloud_data",
            &[("url", "https://open.spotify.com/track/abc")],
        )
        .await;
    assert_eq!(wrong.status, 400);
    let search = ann
        .post(
            "/search_audio",
            &[("q", "blue"), ("audio_search_provider", "spotify")],
        )
        .await;
    assert_eq!(search.response()["results"], serde_json::json!([]));
    assert_eq!(
        search.response()["searchable"],
        false,
        "no service has a key here: the composer says so"
    );
    let video = ann
        .http
        .post(format!("{}/svc/post/get_video_data", open.base))
        .header("x-form-key", &ann.form_key)
        .json(&serde_json::json!({"embed_url": "https://youtu.be/dQw4w9WgXcQ", "embed_width": 500}))
        .send()
        .await
        .unwrap();
    let video: Value = video.json().await.unwrap();
    assert_eq!(
        video["response"]["preview_iframe"],
        "https://www.youtube.com/embed/dQw4w9WgXcQ"
    );
    drop(open);
    db.cleanup().await;
}

/// A server on 127.0.0.1 that answers each request with `respond` (which may never finish).
async fn odd_server<F, Fut>(respond: F) -> String
where
    F: Fn(tokio::net::TcpStream) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let respond = std::sync::Arc::new(respond);
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            tokio::spawn(respond(socket));
        }
    });
    format!("http://{addr}/article")
}

#[tokio::test]
async fn link_previews_give_up_on_silent_slow_and_endless_pages() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let db = TestDb::new(common::Kind::Sqlite).await;
    let server = Server::start(&db.url, &["--allow-private-fetch"]);
    let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
    // Reads the request, then says nothing, holding the connection open.
    let silent = odd_server(|mut socket| async move {
        let mut buf = [0u8; 2048];
        let _ = socket.read(&mut buf).await;
        tokio::time::sleep(std::time::Duration::from_secs(60)).await;
    })
    .await;
    // Answers 200, then sends a byte a second, for a minute.
    let slow = odd_server(|mut socket| async move {
        let mut buf = [0u8; 2048];
        let _ = socket.read(&mut buf).await;
        let _ = socket
            .write_all(b"HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: 100\r\n\r\n")
            .await;
        for _ in 0..60 {
            if socket.write_all(b"<").await.is_err() {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
    })
    .await;
    // Answers 200 with no length and never stops sending.
    let endless = odd_server(|mut socket| async move {
        let mut buf = [0u8; 2048];
        let _ = socket.read(&mut buf).await;
        let _ = socket
            .write_all(b"HTTP/1.1 200 OK\r\ncontent-type: text/html\r\nconnection: close\r\n\r\n")
            .await;
        let chunk = vec![b'a'; 64 * 1024];
        while socket.write_all(&chunk).await.is_ok() {}
    })
    .await;
    let og = |url: String| {
        let ann = &ann;
        async move { ann.post("/svc/post/fetch_og", &[("url", &url)]).await }
    };
    // The server's own limits end each one (10 s in all, a size cap); the test's client
    // has no timeout of its own, so a server that waited forever would hang this test.
    let (silent, slow, endless) = tokio::join!(og(silent), og(slow), og(endless));
    assert_eq!(
        (silent.status, silent.detail()),
        (400, "The address could not be reached."),
        "a page that never answers"
    );
    assert_eq!(
        (slow.status, slow.detail()),
        (400, "The address could not be reached."),
        "a page that never finishes"
    );
    assert_eq!(endless.status, 400, "{}", endless.body);
    assert!(
        endless.detail().starts_with("The file is larger than"),
        "a page that never ends: {}",
        endless.body
    );
}

#[tokio::test]
async fn preview_on_blog_shows_the_post_unsaved_and_inert() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let fields = [
            ("form_key", ann.form_key.as_str()),
            ("channel_id", "ann"),
            ("post[type]", "quote"),
            (
                "post[one]",
                "<script>alert(1)</script><b>Be</b> kind & <i>fair</i>",
            ),
            ("post[two]", "<p onclick=\"x()\">Someone</p>"),
            ("post[tags]", "<3"),
        ];
        let response = ann
            .http
            .post(format!("{base}/blog/ann/post/preview"))
            .form(&fields)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 200, "{kind:?}");
        let policy = response.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(policy.contains("default-src 'none'"), "{kind:?}: {policy}");
        let page = response.text().await.unwrap();
        // The quote is text: the script goes with its content, the tags go, the rest is
        // escaped on the page.
        assert!(
            page.contains("<blockquote>Be kind &amp; fair</blockquote>"),
            "{kind:?}: {page}"
        );
        assert!(
            !page.contains("<script>") && !page.contains("onclick"),
            "{kind:?}: {page}"
        );
        assert!(
            page.contains("<li>#&lt;3</li>"),
            "{kind:?}: the tag, as text"
        );
        assert_eq!(
            ann.get("/svc/data/tumblelog?tumblelog=ann")
                .await
                .response()["post_count"],
            0,
            "{kind:?}: not saved"
        );
        let theirs = ann
            .http
            .post(format!("{base}/blog/nobody/post/preview"))
            .form(&fields)
            .send()
            .await
            .unwrap();
        assert_eq!(theirs.status().as_u16(), 403, "{kind:?}");
    })
    .await;
}
