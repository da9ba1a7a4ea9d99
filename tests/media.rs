//! Uploads over HTTP, to the real binary: photos scaled and typed by their bytes, MP3s with
//! their ID3 tags and album art, videos, limits and their messages, nothing left behind by a
//! refused or broken upload, images fetched from a URL (never from inside unless allowed),
//! and the files served back with their types, cache headers and ranges.

mod common;

use std::io::Cursor;

use common::{BOTH, Client, Server, TestDb};
use image::{DynamicImage, ImageFormat};
use reqwest::multipart::{Form, Part};
use serde_json::Value;

fn png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    DynamicImage::new_rgb8(width, height)
        .write_to(&mut out, ImageFormat::Png)
        .unwrap();
    out.into_inner()
}

/// A few MPEG-1 Layer III frames (silence of a sort), with an ID3v2 tag and a cover.
fn mp3_with_tags(dir: &std::path::Path) -> Vec<u8> {
    use lofty::config::WriteOptions;
    use lofty::picture::{MimeType, Picture, PictureType};
    use lofty::prelude::*;
    use lofty::tag::{Tag, TagType};
    let mut frames = Vec::new();
    for _ in 0..20 {
        frames.extend_from_slice(&[0xFF, 0xFB, 0x90, 0x64]);
        frames.extend(std::iter::repeat_n(0u8, 413));
    }
    let path = dir.join("song.mp3");
    std::fs::write(&path, &frames).unwrap();
    let mut tag = Tag::new(TagType::Id3v2);
    tag.set_title("Blue".into());
    tag.set_artist("The Testers".into());
    tag.set_album("Loopback".into());
    tag.push_picture(
        Picture::unchecked(png(64, 64))
            .pic_type(PictureType::CoverFront)
            .mime_type(MimeType::Png)
            .build(),
    );
    tag.save_to_path(&path, WriteOptions::default()).unwrap();
    std::fs::read(&path).unwrap()
}

/// An MP4 whose one track is a `width` × `height` picture: `ftyp`, `mdat`, then `moov` with
/// the track header (`tkhd`, version 0, identity matrix), as a camera writes them.
fn mp4_of_size(width: u32, height: u32) -> Vec<u8> {
    let boxed = |kind: &str, payload: Vec<u8>| -> Vec<u8> {
        [
            (payload.len() as u32 + 8).to_be_bytes().to_vec(),
            kind.as_bytes().to_vec(),
            payload,
        ]
        .concat()
    };
    let identity: Vec<u8> = [0x1_0000_u32, 0, 0, 0, 0x1_0000, 0, 0, 0, 0x4000_0000]
        .iter()
        .flat_map(|v| v.to_be_bytes())
        .collect();
    let tkhd = [
        vec![0u8; 40],
        identity,
        (width << 16).to_be_bytes().to_vec(),
        (height << 16).to_be_bytes().to_vec(),
    ]
    .concat();
    [
        boxed("ftyp", b"mp42\0\0\0\0mp42isom".to_vec()),
        boxed("mdat", vec![7u8; 256]),
        boxed("moov", boxed("trak", boxed("tkhd", tkhd))),
    ]
    .concat()
}

/// Just enough of an MP4 for its bytes to say what it is.
fn mp4() -> Vec<u8> {
    let mut bytes = b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom".to_vec();
    bytes.extend(std::iter::repeat_n(0u8, 4096));
    bytes
}

fn file(field_bytes: Vec<u8>, name: &str) -> Part {
    Part::bytes(field_bytes).file_name(name.to_owned())
}

/// Every file under `dir`, recursively.
fn files_in(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(files_in(&path));
        } else {
            found.push(path);
        }
    }
    found
}

#[tokio::test]
async fn photos_are_typed_by_their_bytes_scaled_and_served_for_good() {
    for kind in BOTH {
        // Which setup a failure ran on: the captured output names it.
        println!("{kind:?}");
        let db = TestDb::new(kind).await;
        let server = Server::start(&db.url, &[]);
        let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
        let form = Form::new()
            .part("photo", file(png(2160, 1000), "wide.png"))
            .part(
                "photo",
                file(b"just some text, not an image".to_vec(), "fake.png"),
            )
            .part("photo", file(png(40, 30), "small.jpg"));
        let answer = ann.upload("/svc/post/upload_photo", form).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        let photos = answer.response()["photos"].as_array().unwrap();
        assert_eq!(
            (photos[0]["width"].as_u64(), photos[0]["height"].as_u64()),
            (Some(1080), Some(500)),
            "scaled to 1080"
        );
        assert_eq!(photos[0]["original_filename"], "wide.png");
        assert_eq!(photos[1]["url"], Value::Null);
        assert_eq!(
            photos[1]["error"], "This file is not a photo (JPEG, PNG, GIF or WebP).",
            "a name is not a type"
        );
        assert_eq!(photos[2]["width"], 40, "a PNG named .jpg is still a PNG");

        let url = photos[0]["url"].as_str().unwrap();
        let served = reqwest::get(format!("{}{url}", server.base)).await.unwrap();
        assert_eq!(served.headers()["content-type"], "image/png");
        assert_eq!(
            served.headers()["cache-control"],
            "public, max-age=31536000, immutable"
        );
        let image = image::load_from_memory(&served.bytes().await.unwrap()).unwrap();
        assert_eq!((image.width(), image.height()), (1080, 500));
        let ranged = ann
            .http
            .get(format!("{}{url}", server.base))
            .header("range", "bytes=0-7")
            .send()
            .await
            .unwrap();
        assert_eq!(ranged.status().as_u16(), 206);
        assert_eq!(&ranged.bytes().await.unwrap()[..], b"\x89PNG\r\n\x1a\n");
        let missing = reqwest::get(format!("{}/media/{}.png", server.base, "0".repeat(64)))
            .await
            .unwrap();
        assert_eq!(missing.status().as_u16(), 404);
        let sneaky = reqwest::get(format!("{}/media/..%2F..%2Fetc%2Fpasswd", server.base))
            .await
            .unwrap();
        assert_eq!(sneaky.status().as_u16(), 404);

        // Uploads need a login and the form key, like every POST.
        let visitor = Client::visitor(&server.base).await;
        let form = Form::new().part("photo", file(png(4, 4), "a.png"));
        assert_eq!(
            visitor.upload("/svc/post/upload_photo", form).await.status,
            401
        );
        let keyless = ann
            .http
            .post(format!("{}/svc/post/upload_photo", server.base))
            .multipart(Form::new().part("photo", file(png(4, 4), "a.png")))
            .send()
            .await
            .unwrap();
        assert_eq!(keyless.status().as_u16(), 403);
        let empty = ann
            .upload("/svc/post/upload_photo", Form::new().text("other", "x"))
            .await;
        assert_eq!((empty.status, empty.code()), (400, "bad_upload"));
        drop(server);
        db.cleanup().await;
    }
}

#[tokio::test]
async fn an_mp3_brings_its_tags_and_cover_and_other_files_are_refused() {
    for kind in BOTH {
        // Which setup a failure ran on: the captured output names it.
        println!("{kind:?}");
        let db = TestDb::new(kind).await;
        let server = Server::start(&db.url, &[]);
        let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
        let dir = tempfile::tempdir().unwrap();
        let song = mp3_with_tags(dir.path());
        let answer = ann
            .upload(
                "/svc/post/upload_audio",
                Form::new().part("audio", file(song, "song.mp3")),
            )
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        let audio = answer.response();
        assert_eq!(
            audio["id3"],
            serde_json::json!({"Title": "Blue", "Artist": "The Testers", "Album": "Loopback"})
        );
        assert!(audio["url"].as_str().unwrap().ends_with(".mp3"));
        assert!(
            audio["album_art_url"].as_str().unwrap().ends_with(".png"),
            "{audio}"
        );

        let not_mp3 = ann
            .upload(
                "/svc/post/upload_audio",
                Form::new().part("audio", file(png(4, 4), "a.mp3")),
            )
            .await;
        assert_eq!(
            (not_mp3.status, not_mp3.detail()),
            (400, "Only MP3 files can be uploaded.")
        );
        let art = ann
            .upload(
                "/svc/post/upload_album_art",
                Form::new().part("album_art", file(png(300, 300), "art.png")),
            )
            .await;
        assert_eq!(art.status, 200, "{}", art.body);
        let not_art = ann
            .upload(
                "/svc/post/upload_album_art",
                Form::new().part("album_art", file(b"no picture at all".to_vec(), "art.png")),
            )
            .await;
        assert_eq!(
            (not_art.status, not_art.detail()),
            (400, "This file is not a photo (JPEG, PNG, GIF or WebP)."),
            "{kind:?}: album art is typed by its bytes"
        );
        // One byte over each 10 MB limit (001 §5: 10485760 bytes for audio, art and images).
        let over = || vec![0u8; 10_485_761];
        for (path, field, message) in [
            (
                "/svc/post/upload_audio",
                "audio",
                "This audio file is larger than 10 MB.",
            ),
            (
                "/svc/post/upload_album_art",
                "album_art",
                "This album art is larger than 10 MB.",
            ),
            (
                "/svc/post/upload_text_image",
                "image",
                "This photo is larger than 10 MB.",
            ),
        ] {
            let answer = ann
                .upload(path, Form::new().part(field, file(over(), "big.bin")))
                .await;
            assert_eq!(
                (answer.status, answer.detail()),
                (400, message),
                "{kind:?}: {path}"
            );
        }
        let video = ann
            .upload(
                "/svc/post/upload_video",
                Form::new().part("video", file(mp4(), "clip.mp4")),
            )
            .await;
        assert_eq!(video.status, 200, "{}", video.body);
        assert_eq!(video.response()["ch"], "video/mp4");
        assert_eq!(
            (&video.response()["width"], &video.response()["orientation"]),
            (&Value::from(0), &Value::from("")),
            "{kind:?}: no track header, no size"
        );
        let portrait = ann
            .upload(
                "/svc/post/upload_video",
                Form::new().part("video", file(mp4_of_size(720, 1280), "tall.mp4")),
            )
            .await;
        assert_eq!(
            (
                &portrait.response()["width"],
                &portrait.response()["height"],
                &portrait.response()["orientation"]
            ),
            (
                &Value::from(720),
                &Value::from(1280),
                &Value::from("portrait")
            ),
            "{kind:?}: {}",
            portrait.body
        );
        let not_video = ann
            .upload(
                "/svc/post/upload_video",
                Form::new().part("video", file(png(4, 4), "clip.mp4")),
            )
            .await;
        assert_eq!(not_video.status, 400);
        let inline = ann
            .upload(
                "/svc/post/upload_text_image",
                Form::new().part("image", file(png(1200, 1200), "i.png")),
            )
            .await;
        assert_eq!(
            (
                inline.response()["width"].as_u64(),
                inline.response()["raw_width"].as_u64()
            ),
            (Some(1080), Some(1200))
        );
        drop(server);
        db.cleanup().await;
    }
}

#[tokio::test]
async fn refused_and_broken_uploads_leave_nothing_behind() {
    for kind in BOTH {
        // Which setup a failure ran on: the captured output names it.
        println!("{kind:?}");
        let db = TestDb::new(kind).await;
        let tmp = tempfile::tempdir().unwrap();
        let server = Server::start_with_tmp(&db.url, &[], Some(tmp.path()));
        let ann = Client::registered(&server.base, "ann@example.com", "ann").await;

        let too_big = vec![0u8; 10_485_761];
        let answer = ann
            .upload(
                "/svc/post/upload_photo",
                Form::new().part("photo", file(too_big, "huge.png")),
            )
            .await;
        assert_eq!(
            answer.response()["photos"][0]["error"],
            "This photo is larger than 10 MB."
        );
        let video = vec![0u8; 104_857_601];
        let answer = ann
            .upload(
                "/svc/post/upload_video",
                Form::new().part("video", file(video, "long.mp4")),
            )
            .await;
        assert_eq!(
            (answer.status, answer.detail()),
            (400, "Video file is too large"),
            "the message the composer answers with its 100 MB dialog"
        );

        // A body cut off half way: the connection drops mid-file.
        let (sender, body) = tokio::sync::mpsc::channel::<Result<Vec<u8>, std::io::Error>>(4);
        let boundary = "dashwireboundary";
        let request = ann
            .http
            .post(format!("{}/svc/post/upload_video", server.base))
            .header("x-form-key", &ann.form_key)
            .header(
                "content-type",
                format!("multipart/form-data; boundary={boundary}"),
            )
            .body(reqwest::Body::wrap_stream(tokio_stream_from(body)))
            .send();
        let head = format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"video\"; filename=\"cut.mp4\"\r\nContent-Type: video/mp4\r\n\r\n"
        );
        let writer = tokio::spawn(async move {
            sender.send(Ok(head.into_bytes())).await.unwrap();
            sender.send(Ok(mp4())).await.unwrap();
            sender.send(Ok(vec![1u8; 1 << 20])).await.unwrap();
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            sender
                .send(Err(std::io::Error::other("cut")))
                .await
                .unwrap();
        });
        let _ = request.await;
        writer.await.unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        assert_eq!(
            files_in(tmp.path()),
            Vec::<std::path::PathBuf>::new(),
            "no half-received file"
        );
        assert_eq!(
            files_in(server.media.path()),
            Vec::<std::path::PathBuf>::new(),
            "nothing kept"
        );
        drop(server);
        db.cleanup().await;
    }
}

/// A stream of a channel's items, for a request body sent a piece at a time.
fn tokio_stream_from(
    mut receiver: tokio::sync::mpsc::Receiver<Result<Vec<u8>, std::io::Error>>,
) -> impl futures_util::Stream<Item = Result<Vec<u8>, std::io::Error>> {
    futures_util::stream::poll_fn(move |cx| receiver.poll_recv(cx))
}

/// Serves one PNG over HTTP on 127.0.0.1 to every request.
async fn image_server() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let body = png(50, 40);
    tokio::spawn(async move {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        while let Ok((mut socket, _)) = listener.accept().await {
            let body = body.clone();
            tokio::spawn(async move {
                let mut buf = [0u8; 2048];
                let _ = socket.read(&mut buf).await;
                let head = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: {}\r\n\r\n",
                    body.len()
                );
                let _ = socket.write_all(head.as_bytes()).await;
                let _ = socket.write_all(&body).await;
            });
        }
    });
    format!("http://{addr}/cat.png")
}

#[tokio::test]
async fn images_by_url_are_fetched_from_the_web_never_from_inside() {
    for kind in BOTH {
        // Which setup a failure ran on: the captured output names it.
        println!("{kind:?}");
        let db = TestDb::new(kind).await;
        let image = image_server().await;
        let closed = Server::start(&db.url, &[]);
        let ann = Client::registered(&closed.base, "ann@example.com", "ann").await;
        let refused = ann
            .post("/svc/post/upload_image_url", &[("url", &image)])
            .await;
        assert_eq!(
            (refused.status, refused.detail()),
            (400, "That address is not on the web.")
        );
        let metadata = ann
            .post(
                "/svc/post/upload_image_url",
                &[("url", "http://169.254.169.254/latest")],
            )
            .await;
        assert_eq!(metadata.status, 400);
        let scheme = ann
            .post(
                "/svc/post/upload_image_url",
                &[("url", "file:///etc/passwd")],
            )
            .await;
        assert_eq!(scheme.status, 400);
        drop(closed);

        // With the test-only switch, a page on this machine may be fetched.
        let open = Server::start(&db.url, &["--allow-private-fetch"]);
        let mut ann = Client::visitor(&open.base).await;
        let login = ann
            .post(
                "/login",
                &[("email", "ann@example.com"), ("password", "correct horse")],
            )
            .await;
        ann.form_key = login.response()["form_key"].as_str().unwrap().to_owned();
        let fetched = ann
            .post("/svc/post/upload_image_url", &[("url", &image)])
            .await;
        assert_eq!(fetched.status, 200, "{}", fetched.body);
        assert_eq!(
            (
                fetched.response()["width"].as_u64(),
                fetched.response()["height"].as_u64()
            ),
            (Some(50), Some(40))
        );
        drop(open);
        db.cleanup().await;
    }
}

#[tokio::test]
async fn a_protected_recording_is_refused_with_a_search_for_it_instead() {
    use sha2::Digest;
    for kind in BOTH {
        let db = TestDb::new(kind).await;
        let dir = tempfile::tempdir().unwrap();
        let song = mp3_with_tags(dir.path());
        let list = dir.path().join("protected.txt");
        std::fs::write(
            &list,
            format!(
                "# recordings that may not be uploaded\n{}  # Blue\n",
                hex::encode(sha2::Sha256::digest(&song)).to_uppercase()
            ),
        )
        .unwrap();
        let server = Server::start(&db.url, &["--protected-recordings", list.to_str().unwrap()]);
        let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
        let refused = ann
            .upload(
                "/svc/post/upload_audio",
                Form::new().part("audio", file(song.clone(), "song.mp3")),
            )
            .await;
        assert_eq!(refused.status, 403, "{kind:?}: {}", refused.body);
        assert_eq!(
            (
                &refused.response()["is_copyright"],
                &refused.response()["search_string"]
            ),
            (&Value::from(true), &Value::from("The Testers Blue")),
            "{kind:?}: {}",
            refused.body
        );
        assert_eq!(refused.code(), "copyright", "{kind:?}");
        assert_eq!(
            refused.response()["message"].as_str(),
            Some(refused.detail()),
            "{kind:?}: the warning to show"
        );
        assert_eq!(
            files_in(server.media.path()),
            Vec::<std::path::PathBuf>::new(),
            "{kind:?}: nothing kept"
        );
        // Another recording goes up as ever.
        let mut other = song.clone();
        other.extend_from_slice(&[0xFF, 0xFB, 0x90, 0x64]);
        other.extend(std::iter::repeat_n(0u8, 413));
        let kept = ann
            .upload(
                "/svc/post/upload_audio",
                Form::new().part("audio", file(other, "other.mp3")),
            )
            .await;
        assert_eq!(kept.status, 200, "{kind:?}: {}", kept.body);
        drop(server);
        db.cleanup().await;
    }
}

#[test]
fn a_protected_recordings_list_that_is_not_hashes_stops_the_server_starting() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("protected.txt");
    std::fs::write(&list, "not a hash\n").unwrap();
    let output = common::server::dashwire()
        .args([
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--database-url",
            &format!("sqlite://{}", dir.path().join("db").display()),
            "--protected-recordings",
            list.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--protected-recordings") && stderr.contains("line 1"),
        "{stderr}"
    );
}
