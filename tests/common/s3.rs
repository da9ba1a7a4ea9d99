//! A local S3 API (moto's server, `pip install "moto[server]"`, as `.ci/run` does) with the
//! bucket the servers keep media in, for the tests of nodes that share their uploads.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The bucket the servers under test keep media in.
pub const BUCKET: &str = "dashwire-media";

/// A local S3 API (moto's server), stopped when dropped.
pub struct S3 {
    pub endpoint: String,
    child: Child,
}

impl S3 {
    pub async fn start() -> S3 {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new("moto_server")
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect(
                "moto_server, a local S3 API, is needed for this test: pip install \"moto[server]\"",
            );
        let endpoint = format!("http://127.0.0.1:{port}");
        let s3 = S3 { endpoint, child };
        let started = Instant::now();
        loop {
            // An unsigned bucket creation: moto does not check signatures.
            let created = reqwest::Client::new()
                .put(format!("{}/{BUCKET}", s3.endpoint))
                .send()
                .await;
            if created.is_ok_and(|r| r.status().is_success()) {
                return s3;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "moto_server did not answer on {}",
                s3.endpoint
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The keys in the bucket, from its listing.
    pub async fn keys(&self) -> Vec<String> {
        let listing = reqwest::get(format!("{}/{BUCKET}?list-type=2", self.endpoint))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        listing
            .split("<Key>")
            .skip(1)
            .filter_map(|rest| rest.split_once("</Key>").map(|(key, _)| key.to_owned()))
            .collect()
    }

    /// The server's settings for this bucket.
    pub fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("AWS_ENDPOINT", self.endpoint.clone()),
            ("AWS_ALLOW_HTTP", "true".into()),
            ("AWS_ACCESS_KEY_ID", "test".into()),
            ("AWS_SECRET_ACCESS_KEY", "test".into()),
            ("AWS_REGION", "us-east-1".into()),
        ]
    }
}

impl Drop for S3 {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
