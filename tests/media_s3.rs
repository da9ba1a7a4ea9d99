//! Uploads kept in an S3-compatible bucket (`--media-s3`), as several nodes share them: a
//! real S3 API served locally by moto (`pip install "moto[server]"`, as `.ci/run` does), two
//! nodes on one PostgreSQL database, a file uploaded on one served by the other, a video
//! large enough to go up in several parts, and the bucket holding each file once by its
//! content.

mod common;

use std::io::Cursor;

use common::s3::{BUCKET, S3};
use common::{Client, Kind, Server, TestDb};
use image::{DynamicImage, ImageFormat};
use reqwest::multipart::{Form, Part};

fn png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    DynamicImage::new_rgb8(width, height)
        .write_to(&mut out, ImageFormat::Png)
        .unwrap();
    out.into_inner()
}

/// An MP4 by its bytes, `size` long, each byte telling its position (so a range is checkable).
fn mp4(size: usize) -> Vec<u8> {
    let mut bytes = b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom".to_vec();
    let start = bytes.len();
    bytes.extend((start..size).map(|i| (i % 251) as u8));
    bytes
}

async fn upload(
    client: &Client,
    path: &str,
    field: &str,
    bytes: Vec<u8>,
    name: &str,
) -> common::Answer {
    let part = Part::bytes(bytes).file_name(name.to_owned());
    client
        .upload(path, Form::new().part(field.to_owned(), part))
        .await
}

#[tokio::test]
async fn two_nodes_share_their_uploads_through_an_s3_bucket() {
    let s3 = S3::start().await;
    let db = TestDb::new(Kind::Postgres).await;
    let media = format!("s3://{BUCKET}/uploads");
    let env = s3.env();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let one = Server::start_with_env(&db.url, &["--media-s3", &media], &env);
    let two = Server::start_with_env(&db.url, &["--media-s3", &media], &env);
    let ann = Client::registered(&one.base, "ann@example.com", "ann").await;

    // A photo uploaded on node one is served by node two, scaled, typed and cacheable.
    let photo = upload(
        &ann,
        "/svc/post/upload_photo",
        "photo",
        png(2160, 1000),
        "wide.png",
    )
    .await;
    assert_eq!(photo.status, 200, "{}", photo.body);
    let url = photo.response()["photos"][0]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    let served = reqwest::get(format!("{}{url}", two.base)).await.unwrap();
    assert_eq!(
        served.status().as_u16(),
        200,
        "node two serves node one's upload"
    );
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(
        served.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let image = image::load_from_memory(&served.bytes().await.unwrap()).unwrap();
    assert_eq!((image.width(), image.height()), (1080, 500));

    // A video of 9 MiB goes up in two parts from node two; node one serves any range of it.
    let video_bytes = mp4(9 * 1024 * 1024 + 17);
    let ben = Client::registered(&two.base, "ben@example.com", "ben").await;
    let video = upload(
        &ben,
        "/svc/post/upload_video",
        "video",
        video_bytes.clone(),
        "clip.mp4",
    )
    .await;
    assert_eq!(video.status, 200, "{}", video.body);
    let video_url = video.response()["url"].as_str().unwrap().to_owned();
    let whole = reqwest::get(format!("{}{video_url}", one.base))
        .await
        .unwrap();
    assert_eq!(whole.headers()["content-type"], "video/mp4");
    assert_eq!(whole.bytes().await.unwrap().len(), video_bytes.len());
    let tail_start = 8 * 1024 * 1024 - 3;
    let ranged = reqwest::Client::new()
        .get(format!("{}{video_url}", one.base))
        .header("range", format!("bytes={tail_start}-{}", tail_start + 9))
        .send()
        .await
        .unwrap();
    assert_eq!(ranged.status().as_u16(), 206);
    assert_eq!(
        &ranged.bytes().await.unwrap()[..],
        &video_bytes[tail_start..tail_start + 10],
        "a range across the parts' seam"
    );

    // The same photo again, on the other node: the same name, kept once.
    let again = upload(
        &ben,
        "/svc/post/upload_photo",
        "photo",
        png(2160, 1000),
        "copy.png",
    )
    .await;
    assert_eq!(
        again.response()["photos"][0]["url"].as_str(),
        Some(url.as_str())
    );
    let mut keys = s3.keys().await;
    keys.sort();
    let mut expected = vec![
        format!("uploads/{}", url.rsplit('/').next().unwrap()),
        format!("uploads/{}", video_url.rsplit('/').next().unwrap()),
    ];
    expected.sort();
    assert_eq!(keys, expected, "each file once, under the prefix");
}
