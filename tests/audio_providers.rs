//! The composer's audio services with keys: Spotify's Web API (client credentials, its token
//! asked for once) and SoundCloud's, each served here by a fake (wiremock) at the address the
//! server is given. Their searches answer the services' tracks, only those an audio post can
//! take; a track's details fill in the URL's answer; a failing service leaves the URL's
//! answer and an empty search, never an error.

mod common;

use common::{Client, Kind, Server, TestDb};
use serde_json::{Value, json};
use wiremock::matchers::{header, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

fn spotify_track(id: &str, name: &str) -> Value {
    json!({
        "name": name,
        "artists": [{"name": "The Testers"}, {"name": "Loopback"}],
        "album": {"name": "Localhost", "images": [{"url": "https://i.scdn.co/image/cover", "width": 640, "height": 640}]},
        "external_urls": {"spotify": format!("https://open.spotify.com/track/{id}")}
    })
}

async fn fake_spotify() -> MockServer {
    let fake = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/api/token"))
        // "id:secret" in base64.
        .and(header("authorization", "Basic aWQ6c2VjcmV0"))
        .respond_with(ResponseTemplate::new(200).set_body_json(
            json!({"access_token": "tok", "token_type": "Bearer", "expires_in": 3600}),
        ))
        .expect(1)
        .mount(&fake)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/search"))
        .and(query_param("q", "blue"))
        .and(query_param("type", "track"))
        .and(header("authorization", "Bearer tok"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"tracks": {"items": [
            spotify_track("abc123", "Blue"),
            // Not a track page an audio post can take: left out.
            {"name": "Elsewhere", "artists": [], "album": null, "external_urls": {"spotify": "https://example.com/x"}}
        ]}})))
        .mount(&fake)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/tracks/abc123"))
        .and(header("authorization", "Bearer tok"))
        .respond_with(ResponseTemplate::new(200).set_body_json(spotify_track("abc123", "Blue")))
        .mount(&fake)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/search"))
        .and(query_param("q", "broken"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&fake)
        .await;
    fake
}

async fn fake_soundcloud() -> MockServer {
    let fake = MockServer::start().await;
    let track = json!({"kind": "track", "title": "Rain", "permalink_url": "https://soundcloud.com/artist/rain",
                       "artwork_url": "https://i1.sndcdn.com/rain.jpg", "user": {"username": "artist"}});
    Mock::given(method("GET"))
        .and(path("/search/tracks"))
        .and(query_param("client_id", "sc-id"))
        .and(query_param("q", "rain"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"collection": [track.clone()]})),
        )
        .mount(&fake)
        .await;
    Mock::given(method("GET"))
        .and(path("/resolve"))
        .and(query_param("client_id", "sc-id"))
        .and(query_param("url", "https://soundcloud.com/artist/rain"))
        .respond_with(ResponseTemplate::new(200).set_body_json(track))
        .mount(&fake)
        .await;
    fake
}

async fn search(client: &Client, q: &str, provider: &str) -> Value {
    let answer = client
        .post(
            "/search_audio",
            &[("q", q), ("audio_search_provider", provider)],
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.response().clone()
}

#[tokio::test]
async fn spotify_and_soundcloud_answer_through_their_apis_when_the_server_has_keys() {
    let spotify = fake_spotify().await;
    let soundcloud = fake_soundcloud().await;
    let db = TestDb::new(Kind::Sqlite).await;
    let server = Server::start(
        &db.url,
        &[
            "--spotify-client-id",
            "id",
            "--spotify-client-secret",
            "secret",
            "--spotify-api-url",
            &spotify.uri(),
            "--spotify-accounts-url",
            &spotify.uri(),
            "--soundcloud-client-id",
            "sc-id",
            "--soundcloud-api-url",
            &soundcloud.uri(),
        ],
    );
    let ann = Client::registered(&server.base, "ann@example.com", "ann").await;

    let found = search(&ann, "blue", "spotify").await;
    assert_eq!(found["searchable"], true);
    assert_eq!(
        found["results"],
        json!([{"service": "spotify", "url": "https://open.spotify.com/track/abc123",
                "title": "Blue", "artist": "The Testers, Loopback",
                "thumbnail": "https://i.scdn.co/image/cover"}])
    );
    let details = ann
        .post(
            "/svc/post/get_spotify_data",
            &[("url", "https://open.spotify.com/track/abc123")],
        )
        .await;
    assert_eq!(details.status, 200, "{}", details.body);
    let details = details.response();
    assert_eq!(
        (
            &details["track_title"],
            &details["track_artist"],
            &details["track_album"]
        ),
        (
            &json!("Blue"),
            &json!("The Testers, Loopback"),
            &json!("Localhost")
        )
    );
    assert_eq!(
        details["embed_url"],
        "https://open.spotify.com/embed/track/abc123"
    );
    // The service failing: an empty search, not an error.
    let broken = search(&ann, "broken", "spotify").await;
    assert_eq!(
        (broken["searchable"].clone(), broken["results"].clone()),
        (json!(true), json!([]))
    );

    let rain = search(&ann, "rain", "soundcloud").await;
    assert_eq!(
        rain["results"][0]["url"],
        "https://soundcloud.com/artist/rain"
    );
    assert_eq!(rain["results"][0]["artist"], "artist");
    let details = ann
        .post(
            "/svc/post/get_soundcloud_data",
            &[("url", "https://soundcloud.com/artist/rain")],
        )
        .await;
    assert_eq!(details.response()["track_title"], "Rain");
    assert_eq!(
        details.response()["album_art"],
        "https://i1.sndcdn.com/rain.jpg"
    );
    // YouTube has no audio search here.
    assert_eq!(search(&ann, "blue", "youtube").await["searchable"], false);
    drop(server);
    db.cleanup().await;
    // One token for all of Spotify's calls (`expect(1)` on the token's mock).
    spotify.verify().await;
}

/// The iTunes Search API's answer for one song, as it writes it.
fn itunes_song(id: u64) -> Value {
    json!({"wrapperType": "track", "kind": "song", "trackId": id,
           "trackName": "Blue Hour", "artistName": "The Testers", "collectionName": "Localhost",
           "trackViewUrl": format!("https://music.apple.com/us/album/blue-hour/1440?i={id}&uo=4"),
           "previewUrl": "https://audio-ssl.itunes.apple.com/preview.m4a",
           "artworkUrl100": "https://is1-ssl.mzstatic.com/cover/100x100bb.jpg"})
}

#[tokio::test]
async fn apple_music_answers_through_the_itunes_search_api_without_a_key() {
    let itunes = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/search"))
        .and(query_param("term", "blue hour"))
        .and(query_param("media", "music"))
        .and(query_param("entity", "song"))
        .respond_with(ResponseTemplate::new(200).set_body_json(
            json!({"resultCount": 2, "results": [
                itunes_song(1441),
                // Not a song (a music video): an audio post does not take it.
                {"wrapperType": "track", "kind": "music-video", "trackName": "Blue Hour (video)",
                 "trackViewUrl": "https://music.apple.com/us/music-video/blue-hour/99"}
            ]}),
        ))
        .mount(&itunes)
        .await;
    Mock::given(method("GET"))
        .and(path("/lookup"))
        .and(query_param("id", "1441"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"resultCount": 1, "results": [itunes_song(1441)]})),
        )
        .mount(&itunes)
        .await;
    let db = TestDb::new(Kind::Sqlite).await;
    let server = Server::start(
        &db.url,
        &["--itunes-search", "--itunes-api-url", &itunes.uri()],
    );
    let ann = Client::registered(&server.base, "ann@example.com", "ann").await;

    let found = search(&ann, "blue hour", "apple_music").await;
    assert_eq!(found["searchable"], true);
    assert_eq!(
        found["results"],
        json!([{"service": "apple_music",
                "url": "https://music.apple.com/us/album/blue-hour/1440?i=1441",
                "title": "Blue Hour", "artist": "The Testers",
                "thumbnail": "https://is1-ssl.mzstatic.com/cover/100x100bb.jpg"}])
    );
    let details = ann
        .post(
            "/svc/post/get_apple_music_data",
            &[(
                "url",
                "https://music.apple.com/us/album/blue-hour/1440?i=1441",
            )],
        )
        .await;
    assert_eq!(details.status, 200, "{}", details.body);
    let details = details.response();
    assert_eq!(
        (&details["track_title"], &details["track_album"]),
        (&json!("Blue Hour"), &json!("Localhost"))
    );
    assert_eq!(
        details["embed_url"],
        "https://embed.music.apple.com/us/album/blue-hour/1440?i=1441"
    );

    // The found song becomes an audio post playing in Apple's player.
    let post = ann
        .save_post(
            "ann",
            &[
                ("post[type]", "audio"),
                (
                    "post[three]",
                    "https://music.apple.com/us/album/blue-hour/1440?i=1441",
                ),
                ("id3_tags[title]", "Blue Hour"),
            ],
        )
        .await["post"]
        .clone();
    assert_eq!(
        (&post["content"]["service"], &post["content"]["embed_url"]),
        (
            &json!("apple_music"),
            &json!("https://embed.music.apple.com/us/album/blue-hour/1440?i=1441")
        ),
        "{post}"
    );

    // Spotify has no key on this server: not searchable, while Apple Music is.
    assert_eq!(search(&ann, "blue", "spotify").await["searchable"], false);
    drop(server);
    db.cleanup().await;
}

#[tokio::test]
async fn youtube_videos_are_searched_through_its_data_api_and_become_video_posts() {
    let youtube = MockServer::start().await;
    let video = |id: Option<&str>, title: &str| {
        json!({
            "id": {"kind": if id.is_some() { "youtube#video" } else { "youtube#channel" }, "videoId": id},
            "snippet": {"title": title, "channelTitle": "Loopback TV",
                        "thumbnails": {"default": {"url": "https://i.ytimg.com/vi/x/default.jpg"},
                                       "medium": {"url": format!("https://i.ytimg.com/vi/{}/mqdefault.jpg", id.unwrap_or("-"))}}}
        })
    };
    Mock::given(method("GET"))
        .and(path("/youtube/v3/search"))
        .and(query_param("key", "yt-key"))
        .and(query_param("type", "video"))
        .and(query_param("part", "snippet"))
        .and(query_param("q", "blue"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"items": [
            video(Some("dQw4w9WgXcQ"), "Blue (live)"),
            // A channel among the results has no video to post: left out.
            video(None, "The Blue channel"),
        ]})))
        .mount(&youtube)
        .await;
    Mock::given(method("GET"))
        .and(path("/youtube/v3/search"))
        .and(query_param("q", "quota"))
        .respond_with(ResponseTemplate::new(403).set_body_json(json!({"error": {"code": 403}})))
        .mount(&youtube)
        .await;
    let db = TestDb::new(Kind::Sqlite).await;
    let server = Server::start(
        &db.url,
        &[
            "--youtube-api-key",
            "yt-key",
            "--youtube-api-url",
            &youtube.uri(),
        ],
    );
    let ann = Client::registered(&server.base, "ann@example.com", "ann").await;

    let found = search(&ann, "blue", "youtube").await;
    assert_eq!(found["searchable"], true);
    assert_eq!(
        found["results"],
        json!([{"service": "youtube", "url": "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
                "title": "Blue (live)", "artist": "Loopback TV",
                "thumbnail": "https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg"}])
    );
    // A refusal (an exhausted quota) is no results, never an error.
    let refused = search(&ann, "quota", "youtube").await;
    assert_eq!(
        (refused["searchable"].clone(), refused["results"].clone()),
        (json!(true), json!([]))
    );

    // The chosen video becomes a video post embedding YouTube's player.
    let post = ann
        .save_post(
            "ann",
            &[
                ("post[type]", "video"),
                ("post[one]", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"),
            ],
        )
        .await["post"]
        .clone();
    assert_eq!(
        (
            &post["content"]["type"],
            &post["content"]["service"],
            &post["content"]["embed_url"]
        ),
        (
            &json!("video"),
            &json!("youtube"),
            &json!("https://www.youtube.com/embed/dQw4w9WgXcQ")
        ),
        "{post}"
    );
    // No other service has a key here.
    assert_eq!(
        search(&ann, "blue", "soundcloud").await["searchable"],
        false
    );
    drop(server);
    db.cleanup().await;
}
