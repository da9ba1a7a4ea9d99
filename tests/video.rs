//! Video processing through the real binary and the real ffmpeg (Debian's package, as `.ci/run`
//! installs it): an uploaded clip waits in `transcoding` and goes out with its H.264/AAC
//! renditions, poster and filmstrip; a job outlives the node that queued it; a video ffmpeg
//! cannot read ends failed with its reason on the processing page, and can be tried again;
//! two nodes sharing an S3 bucket, PostgreSQL and Redis process it once and the other node's
//! readers hear the post go out.

mod common;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use common::deployment::REDIS;
use common::s3::{BUCKET, S3};
use common::ws::socket_on;
use common::{BOTH, Client, Kind, RunningOn, Server, TestDb};
use dashwire_protocol::{Event, PostAction};
use reqwest::multipart::{Form, Part};
use serde_json::Value;

/// A `seconds` long 320 × 240 clip with a tone, as a phone's MOV (MPEG-4 video, AAC), made by
/// ffmpeg.
fn clip(dir: &Path, seconds: u32) -> Vec<u8> {
    let path = dir.join("clip.mov");
    let made = Command::new("ffmpeg")
        .args(["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i"])
        .arg(format!("testsrc=size=320x240:rate=15:duration={seconds}"))
        .args(["-f", "lavfi", "-i"])
        .arg(format!("sine=frequency=440:duration={seconds}"))
        .args(["-c:v", "mpeg4", "-c:a", "aac", "-shortest"])
        .arg(&path)
        .status()
        .expect("ffmpeg, to make a test clip: apt-get install ffmpeg");
    assert!(made.success());
    std::fs::read(path).unwrap()
}

/// What ffprobe says of a file: its first video stream's codec and size, and whether it has
/// AAC audio.
fn probe(bytes: &[u8], dir: &Path) -> (String, u64, u64, bool) {
    let path = dir.join("probed");
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new("ffprobe")
        .args([
            "-v",
            "error",
            "-show_entries",
            "stream=codec_type,codec_name,width,height",
            "-of",
            "json",
        ])
        .arg(&path)
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let streams = json["streams"].as_array().unwrap();
    let video = streams.iter().find(|s| s["codec_type"] == "video").unwrap();
    let aac = streams
        .iter()
        .any(|s| s["codec_type"] == "audio" && s["codec_name"] == "aac");
    (
        video["codec_name"].as_str().unwrap().to_owned(),
        video["width"].as_u64().unwrap(),
        video["height"].as_u64().unwrap(),
        aac,
    )
}

/// Uploads `bytes` as a video named `name`; its `/media/…` address.
async fn upload_video(client: &Client, bytes: Vec<u8>, name: &str) -> String {
    let part = Part::bytes(bytes).file_name(name.to_owned());
    let answer = client
        .upload("/svc/post/upload_video", Form::new().part("video", part))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.response()["url"].as_str().unwrap().to_owned()
}

/// Saves a video post of `url` on `blog`, to be published; the save's answer.
async fn post_video(client: &Client, blog: &str, url: &str) -> Value {
    post_video_with(client, blog, url, &[]).await
}

/// [`post_video`] with `extra` fields.
async fn post_video_with(client: &Client, blog: &str, url: &str, extra: &[(&str, &str)]) -> Value {
    let mut fields = vec![
        ("post[type]", "video"),
        ("post[one]", url),
        ("post[two]", "<p>My clip</p>"),
        ("post[state]", "0"),
        ("confirm_tos", "1"),
    ];
    fields.extend_from_slice(extra);
    client.save_post(blog, &fields).await
}

/// The blog's processing page, as its owner reads it.
async fn processing(client: &Client, blog: &str) -> Value {
    let answer = client
        .get(&format!("/svc/video/processing?tumblelog={blog}"))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.response().clone()
}

/// Waits until `check` answers something, at most `limit`.
async fn until<T, F, Fut>(limit: Duration, what: &str, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let started = Instant::now();
    loop {
        if let Some(found) = check().await {
            return found;
        }
        assert!(started.elapsed() < limit, "waited {limit:?} for {what}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The post as its blog page shows it to `client`, once it is published.
async fn published(client: &Client, blog: &str, id: i64) -> Value {
    until(Duration::from_secs(90), "the post to go out", || async {
        let answer = client
            .get(&format!(
                "/svc/indash_blog/posts?tumblelog_name_or_id={blog}&post_id={id}&limit=1"
            ))
            .await;
        let post = answer.response()["posts"][0].clone();
        (post["state"] == "published").then_some(post)
    })
    .await
}

/// Fetches one of the server's media files.
async fn media(base: &str, url: &str) -> (String, Vec<u8>) {
    let answer = reqwest::get(format!("{base}{url}")).await.unwrap();
    assert_eq!(answer.status(), 200, "{url}");
    let kind = answer.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_owned();
    (kind, answer.bytes().await.unwrap().to_vec())
}

/// Checks what processing made: an H.264/AAC MP4 in HD (the clip's own size: never scaled
/// up) and in SD, a JPEG poster and a filmstrip of ten frames, all served.
async fn check_processed(base: &str, post: &Value, dir: &Path) {
    let video = &post["content"]["processed"];
    assert!(video.is_object(), "no processed video in {post}");
    let (kind, hd) = media(base, video["hd_url"].as_str().unwrap()).await;
    assert_eq!(kind, "video/mp4");
    assert_eq!(probe(&hd, dir), ("h264".into(), 320, 240, true));
    let (_, sd) = media(base, video["sd_url"].as_str().unwrap()).await;
    let (codec, width, height, aac) = probe(&sd, dir);
    assert!(codec == "h264" && aac && width <= 640 && height <= 360);
    let (kind, _) = media(base, video["poster_url"].as_str().unwrap()).await;
    assert_eq!(kind, "image/jpeg");
    let strip = &video["filmstrip"];
    let (kind, _) = media(base, strip["url"].as_str().unwrap()).await;
    assert_eq!(kind, "image/jpeg");
    assert_eq!(strip["width"], 2000, "ten frames of 200 px");
    assert_eq!(
        (video["width"].as_u64(), video["height"].as_u64()),
        (Some(320), Some(240))
    );
    let duration = video["duration_ms"].as_u64().unwrap();
    assert!((1900..=2200).contains(&duration), "{duration} ms");
    // The post still says what was posted: the upload as it came.
    assert!(post["content"]["url"].as_str().unwrap().ends_with(".mov"));
}

#[tokio::test]
async fn an_uploaded_video_waits_in_processing_and_goes_out_playable_everywhere() {
    for kind in BOTH {
        let _on = RunningOn(format!("{kind:?}"));
        let db = TestDb::new(kind).await;
        let server = Server::start(&db.url, &[]);
        let dir = tempfile::tempdir().unwrap();
        let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
        let url = upload_video(&ann, clip(dir.path(), 2), "clip.mov").await;
        let saved = post_video(&ann, "ann", &url).await;
        let id = saved["post"]["id"].as_i64().unwrap();
        // Held while the job runs, unless the worker was quicker than the save.
        if saved["post"]["state"] == "transcoding" {
            assert_eq!(saved["post_context_page"], "processing");
            assert!(saved["post"]["content"].get("processed").is_none());
        }
        let post = published(&ann, "ann", id).await;
        check_processed(&server.base, &post, dir.path()).await;
        assert_eq!(
            processing(&ann, "ann").await["videos"],
            serde_json::json!([])
        );
        // Saving it again (an edit) keeps what processing made, and it stays out.
        let edited = ann
            .save_post(
                "ann",
                &[
                    ("post_id", &id.to_string()),
                    ("post[type]", "video"),
                    ("post[one]", &url),
                    ("post[two]", "<p>My clip, edited</p>"),
                    ("post[state]", "0"),
                    ("confirm_tos", "1"),
                ],
            )
            .await;
        assert_eq!(edited["post"]["state"], "published");
        assert_eq!(
            edited["post"]["content"]["processed"],
            post["content"]["processed"]
        );
        // A post already out is not taken back for a new video: it shows it as uploaded.
        let other = upload_video(&ann, clip(dir.path(), 3), "other.mov").await;
        let swapped = ann
            .save_post(
                "ann",
                &[
                    ("post_id", &id.to_string()),
                    ("post[type]", "video"),
                    ("post[one]", &other),
                    ("post[state]", "0"),
                    ("confirm_tos", "1"),
                ],
            )
            .await;
        assert_eq!(swapped["post"]["state"], "published");
        assert_eq!(swapped["post"]["content"]["url"], other.as_str());
        assert!(swapped["post"]["content"].get("processed").is_none());
        // Once that video is processed, the post shows it processed, in place: still out,
        // with its date.
        let filled = until(
            Duration::from_secs(90),
            "the edited post to show its processed video",
            || async {
                let shown = published(&ann, "ann", id).await;
                shown["content"]["processed"].is_object().then_some(shown)
            },
        )
        .await;
        assert_eq!(filled["content"]["url"], other.as_str());
        assert_eq!(filled["date"], post["date"]);
        assert_ne!(
            filled["content"]["processed"]["hd_url"], post["content"]["processed"]["hd_url"],
            "the new video's renditions"
        );
        drop(server);
        db.cleanup().await;
    }
}

#[tokio::test]
async fn a_queued_video_survives_a_restart_and_its_post_goes_to_the_state_it_was_saved_for() {
    for kind in BOTH {
        let _on = RunningOn(format!("{kind:?}"));
        let db = TestDb::new(kind).await;
        let media = tempfile::tempdir().unwrap();
        let media_dir = media.path().to_str().unwrap();
        let dir = tempfile::tempdir().unwrap();
        // A node that queues videos but processes none: the job only waits in the database.
        let first = Server::start(&db.url, &["--media-dir", media_dir, "--video-workers", "0"]);
        let ann = Client::registered(&first.base, "ann@example.com", "ann").await;
        let url = upload_video(&ann, clip(dir.path(), 2), "clip.mov").await;
        // Dated by its writer: it goes out with that date, not the moment it was let go.
        let saved = post_video_with(&ann, "ann", &url, &[("post[date]", "2026-03-04 10:00")]).await;
        let id = saved["post"]["id"].as_i64().unwrap();
        assert_eq!(saved["post"]["state"], "transcoding");
        assert_eq!(
            saved["message"],
            "Processing your video: the post goes on to ann once it is ready."
        );
        assert_eq!(saved["context_tumblelog"]["transcoding_count"], 1);
        let waiting = processing(&ann, "ann").await;
        assert_eq!(waiting["enabled"], true);
        assert_eq!(waiting["videos"][0]["post_id"], id);
        assert_eq!(waiting["videos"][0]["state"], "queued");
        // A second video post, saved for the queue, waits on the same upload.
        let queued = ann
            .save_post(
                "ann",
                &[
                    ("post[type]", "video"),
                    ("post[one]", &url),
                    ("post[state]", "2"),
                    ("confirm_tos", "1"),
                ],
            )
            .await;
        assert_eq!(queued["post"]["state"], "transcoding");
        let queued = queued["post"]["id"].as_i64().unwrap();
        let held: Vec<i64> = common::posts::page(&ann, "/svc/post/processing/after/0")
            .await
            .iter()
            .map(|(id, _)| *id)
            .collect();
        assert_eq!(held, [id, queued]);
        drop(first);

        // Another node on the same database and uploads takes the job and lets both go.
        let second = Server::start(&db.url, &["--media-dir", media_dir]);
        let post = published(&ann.on(&second.base), "ann", id).await;
        check_processed(&second.base, &post, dir.path()).await;
        let march_4 = 1_772_618_400; // 2026-03-04 10:00 UTC
        assert_eq!(post["date"], march_4, "the date its writer chose");
        let ann = ann.on(&second.base);
        until(
            Duration::from_secs(30),
            "the queued post to reach the queue",
            || async {
                let ids = common::posts::page(&ann, "/svc/post/queue/after/0").await;
                ids.iter().any(|(q, _)| *q == queued).then_some(())
            },
        )
        .await;
        drop(second);
        db.cleanup().await;
    }
}

#[tokio::test]
async fn a_video_that_cannot_be_processed_stays_in_processing_with_its_reason() {
    for kind in BOTH {
        let _on = RunningOn(format!("{kind:?}"));
        let db = TestDb::new(kind).await;
        let media = tempfile::tempdir().unwrap();
        let media_dir = media.path().to_str().unwrap();
        let working = ["--media-dir", media_dir, "--video-retry-secs", "0"];
        let server = Server::start(&db.url, &working);
        let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
        // MP4 by its first bytes, nothing a decoder can read after them.
        let mut broken = b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom".to_vec();
        broken.extend(std::iter::repeat_n(7u8, 4096));
        let url = upload_video(&ann, broken, "broken.mp4").await;
        let saved = post_video(&ann, "ann", &url).await;
        let id = saved["post"]["id"].as_i64().unwrap();
        assert_eq!(saved["post"]["state"], "transcoding");
        let failed = until(Duration::from_secs(60), "the job to fail", || async {
            let page = processing(&ann, "ann").await;
            let video = page["videos"][0].clone();
            (video["state"] == "failed").then_some(video)
        })
        .await;
        assert_eq!(failed["post_id"], id);
        assert_eq!(failed["attempts"], 3);
        assert_eq!(failed["max_attempts"], 3);
        let error = failed["error"].as_str().unwrap();
        assert!(
            error.starts_with("This video could not be processed")
                || error == "This file has no video in it.",
            "{error}"
        );
        // The post is kept, not lost: still on the processing page.
        let held = common::posts::page(&ann, "/svc/post/processing/after/0").await;
        assert_eq!(held.len(), 1);
        drop(server);

        // Another try, asked on a node without workers, so it is seen as it is: queued, its
        // tries back.
        let quiet = Server::start(&db.url, &["--media-dir", media_dir, "--video-workers", "0"]);
        let ann = ann.on(&quiet.base);
        let retried = ann
            .post("/svc/video/retry", &[("post_id", &id.to_string())])
            .await;
        assert_eq!(retried.status, 200, "{}", retried.body);
        let again = processing(&ann, "ann").await["videos"][0].clone();
        assert_eq!(
            (again["state"].as_str(), again["attempts"].as_i64()),
            (Some("queued"), Some(0))
        );
        // Only for a failed video, and only the post's owner.
        let not_failed = ann
            .post("/svc/video/retry", &[("post_id", &id.to_string())])
            .await;
        assert_eq!(not_failed.status, 400, "{}", not_failed.body);
        let ben = Client::registered(&quiet.base, "ben@example.com", "ben").await;
        let refused = ben
            .post("/svc/video/retry", &[("post_id", &id.to_string())])
            .await;
        assert_eq!(refused.status, 404, "{}", refused.body);
        let nothing = ann.post("/svc/video/retry", &[("post_id", "x")]).await;
        assert_eq!(nothing.status, 400);
        let someone_elses = ben.get("/svc/video/processing?tumblelog=ann").await;
        assert_eq!(someone_elses.status, 403, "{}", someone_elses.body);
        drop(quiet);

        // A node with a worker tries it three times more, and it fails again.
        let server = Server::start(&db.url, &working);
        let ann = ann.on(&server.base);
        until(Duration::from_secs(60), "the job to fail again", || async {
            let video = processing(&ann, "ann").await["videos"][0].clone();
            (video["state"] == "failed" && video["attempts"] == 3).then_some(())
        })
        .await;
        drop(server);
        db.cleanup().await;
    }
}

#[tokio::test]
async fn a_video_whose_node_keeps_stopping_fails_after_its_tries_instead_of_forever() {
    for kind in BOTH {
        let _on = RunningOn(format!("{kind:?}"));
        let db = TestDb::new(kind).await;
        let media = tempfile::tempdir().unwrap();
        let media_dir = media.path().to_str().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let quiet = Server::start(&db.url, &["--media-dir", media_dir, "--video-workers", "0"]);
        let ann = Client::registered(&quiet.base, "ann@example.com", "ann").await;
        let url = upload_video(&ann, clip(dir.path(), 1), "clip.mov").await;
        post_video(&ann, "ann", &url).await;
        drop(quiet);
        // As a node leaves it after it stopped mid-work on the last try: running, its lease
        // long gone.
        common::db::execute(
            &db.url,
            "UPDATE video_jobs SET state = 'running', attempts = 3, lease_until = 1, node = 'gone'",
        )
        .await;
        let server = Server::start(&db.url, &["--media-dir", media_dir]);
        let ann = ann.on(&server.base);
        let failed = until(Duration::from_secs(30), "the job to give up", || async {
            let video = processing(&ann, "ann").await["videos"][0].clone();
            (video["state"] == "failed").then_some(video)
        })
        .await;
        assert_eq!(failed["attempts"], 3, "not tried a fourth time");
        assert!(
            failed["error"]
                .as_str()
                .unwrap()
                .contains("stopped before it finished"),
            "{failed}"
        );
        drop(server);
        db.cleanup().await;
    }
}

#[tokio::test]
async fn two_nodes_sharing_a_bucket_process_a_video_once_and_both_hear_it_go_out() {
    let s3 = S3::start().await;
    let db = TestDb::new(Kind::Postgres).await;
    let media = format!("s3://{BUCKET}/uploads");
    let prefix = db.unique_name().to_owned();
    let env = s3.env();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let args = [
        "--media-s3",
        &media,
        "--redis-url",
        REDIS,
        "--redis-prefix",
        &prefix,
    ];
    let one = Server::start_with_env(&db.url, &args, &env);
    let two = Server::start_with_env(&db.url, &args, &env);
    let dir = tempfile::tempdir().unwrap();
    let (ann, ben) = common::client::pair(&one.base, "ann", "ben").await;
    let mut ben_ws = socket_on(&two.base, &ben.on(&two.base)).await;
    ben_ws.subscribe("posts:ann", None).await;

    let url = upload_video(&ann, clip(dir.path(), 2), "clip.mov").await;
    let saved = post_video(&ann, "ann", &url).await;
    let id = saved["post"]["id"].as_i64().unwrap();
    let frame = tokio::time::timeout(Duration::from_secs(90), ben_ws.event())
        .await
        .expect("the post's event on the other node");
    match frame.event {
        Event::Post(change) => assert_eq!((change.id, change.action), (id, PostAction::Created)),
        other => panic!("expected the post going out, got {other:?}"),
    }
    let post = published(&ben.on(&two.base), "ann", id).await;
    check_processed(&two.base, &post, dir.path()).await;
    // Two nodes with a worker each, one job, one try.
    let attempts: (i64,) = {
        use sqlx::Connection;
        let mut conn = sqlx::PgConnection::connect(&db.url).await.unwrap();
        sqlx::query_as("SELECT attempts FROM video_jobs")
            .fetch_one(&mut conn)
            .await
            .unwrap()
    };
    assert_eq!(attempts.0, 1);
    drop((one, two));
    db.cleanup().await;
}
