//! The GIF panel's search (`POST /svc/search/inline_gif`): the GIFs posted here found by their
//! posts' words and tags, each once however often reblogged, never a draft's; the tags a
//! result shows; then a GIF service's (a fake GIPHY served by wiremock), and the answer
//! without it when the service fails.

mod common;

use std::io::Cursor;

use common::{BOTH, Client, RunningOn, Server, TestDb};
use image::{DynamicImage, ImageFormat};
use serde_json::{Value, json};
use wiremock::matchers::{method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

fn picture(format: ImageFormat) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    DynamicImage::new_rgb8(40, 30)
        .write_to(&mut out, format)
        .unwrap();
    out.into_inner()
}

async fn upload(client: &Client, bytes: Vec<u8>, name: &str) -> String {
    let part = reqwest::multipart::Part::bytes(bytes).file_name(name.to_owned());
    let answer = client
        .upload(
            "/svc/post/upload_photo",
            reqwest::multipart::Form::new().part("photo", part),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.response()["photos"][0]["url"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn photo_post(
    client: &Client,
    blog: &str,
    url: &str,
    words: &str,
    tags: &str,
    state: &str,
) -> i64 {
    client
        .save_post(
            blog,
            &[
                ("post[type]", "photo"),
                ("images[o1]", url),
                ("post[two]", words),
                ("post[tags]", tags),
                ("post[state]", state),
            ],
        )
        .await["post"]["id"]
        .as_i64()
        .unwrap()
}

async fn gifs(client: &Client, q: &str) -> Value {
    let answer = client.post("/svc/search/inline_gif", &[("q", q)]).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.response().clone()
}

#[tokio::test]
async fn the_gifs_posted_here_are_found_by_their_words_and_tags() {
    for kind in BOTH {
        let _on = RunningOn(format!("{kind:?}"));
        let db = TestDb::new(kind).await;
        let server = Server::start(&db.url, &[]);
        let (ann, ben) = common::client::pair(&server.base, "ann", "ben").await;
        let gif = upload(&ann, picture(ImageFormat::Gif), "dance.gif").await;
        assert!(gif.ends_with(".gif"), "{gif}");
        let png = upload(&ann, picture(ImageFormat::Png), "still.png").await;
        let id = photo_post(
            &ann,
            "ann",
            &gif,
            "<p>A dancing cat</p>",
            "gif, cats, funny, loop, more",
            "0",
        )
        .await;
        photo_post(&ann, "ann", &png, "<p>A sleeping cat</p>", "cats", "0").await;
        // A reblog carries the same GIF: one result still.
        let post = common::posts::read_post(&ann, "ann", id).await;
        let reblogged =
            common::posts::fast_reblog(&ben, id, post["reblog_key"].as_str().unwrap(), false).await;
        assert_eq!(reblogged.status, 200, "{}", reblogged.body);

        let found = gifs(&ben, "  Cats ").await;
        assert_eq!(found["query"], "cats");
        assert_eq!(found["limit"], 200);
        let media = found["media"].as_array().unwrap();
        assert_eq!(media.len(), 1, "{found}");
        let one = &media[0];
        assert_eq!(one["mediaUrl"], gif.as_str());
        assert_eq!(one["postTags"], json!(["cats", "funny", "loop"]));
        assert_eq!(one["popularSearchTag"], "cats");
        assert_eq!(
            (one["width"].as_i64(), one["height"].as_i64()),
            (Some(40), Some(30))
        );
        assert_eq!(one["rootBlog"], "ann");
        assert!(
            one["rootPostUrl"]
                .as_str()
                .unwrap()
                .starts_with(&format!("/blog/ann/post/{id}"))
        );
        // By a word of the post, too; nothing for a word no GIF post has.
        assert_eq!(
            gifs(&ben, "dancing").await["media"]
                .as_array()
                .unwrap()
                .len(),
            1
        );
        assert_eq!(gifs(&ben, "sleeping").await["media"], json!([]));
        // A draft's GIF is nobody's to find.
        let draft = upload(&ann, picture(ImageFormat::Gif), "d.gif").await;
        photo_post(&ann, "ann", &draft, "<p>A secret parrot</p>", "parrot", "1").await;
        assert_eq!(gifs(&ben, "parrot").await["media"], json!([]));
        // Punctuation alone is no search: the server says so.
        let nothing = gifs(&ben, "!!!").await;
        assert_eq!(nothing["media"], json!([]));
        assert_eq!(nothing["message"]["header"], "Try words");
        assert_eq!(gifs(&ben, "").await["message"], Value::Null);
        let bad = ben
            .post("/svc/search/inline_gif", &[("q", "cats"), ("limit", "500")])
            .await;
        assert_eq!(bad.status, 400, "{}", bad.body);
        let one_only = ben
            .post("/svc/search/inline_gif", &[("q", "cats"), ("limit", "1")])
            .await;
        assert_eq!(one_only.response()["media"].as_array().unwrap().len(), 1);
        drop(server);
        db.cleanup().await;
    }
}

#[tokio::test]
async fn a_gif_service_adds_its_gifs_after_ours_and_its_failure_costs_only_its_part() {
    let giphy = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/gifs/search"))
        .and(query_param("api_key", "test-key"))
        .and(query_param("q", "cats"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"data": [
            {"id": "g1", "url": "https://giphy.com/gifs/g1", "username": "catfan",
             "images": {"fixed_width": {"url": "https://media.giphy.com/g1/200w.gif", "width": "200", "height": "150"}}},
            {"id": "g2", "url": "https://giphy.com/gifs/g2", "username": "",
             "images": {"fixed_width": {"url": "http://insecure.example/g2.gif", "width": "200", "height": "100"}}}
        ]})))
        .mount(&giphy)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/gifs/search"))
        .and(query_param("q", "broken"))
        .respond_with(ResponseTemplate::new(500))
        .mount(&giphy)
        .await;
    let db = TestDb::new(common::Kind::Sqlite).await;
    let server = Server::start(
        &db.url,
        &["--giphy-key", "test-key", "--giphy-url", &giphy.uri()],
    );
    let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
    let gif = upload(&ann, picture(ImageFormat::Gif), "dance.gif").await;
    photo_post(&ann, "ann", &gif, "<p>broken cats</p>", "cats", "0").await;

    let found = gifs(&ann, "cats").await;
    let urls: Vec<&str> = found["media"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["mediaUrl"].as_str().unwrap())
        .collect();
    // Ours first, then the service's (only its https pictures).
    assert_eq!(urls, [gif.as_str(), "https://media.giphy.com/g1/200w.gif"]);
    assert_eq!(found["media"][1]["postBlog"], "catfan");
    assert_eq!(found["media"][1]["width"], 200);
    // The service failing: our GIFs still come.
    let without = gifs(&ann, "broken").await;
    assert_eq!(without["media"].as_array().unwrap().len(), 1);
    drop(server);
    db.cleanup().await;
}
