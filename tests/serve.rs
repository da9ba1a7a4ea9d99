//! What `dashwire serve` does as a whole: it serves the web app on the app's client routes
//! and a health check, and refuses bad configuration with one clear line.

mod common;

use common::server::dashwire;
use common::{Kind, Server, TestDb};

#[tokio::test]
async fn serves_the_web_app_on_client_routes() {
    let db = TestDb::new(Kind::Sqlite).await;
    let server = Server::start(&db.url, &[]);
    let http = reqwest::Client::new();
    for path in [
        "/",
        "/dashboard",
        "/login",
        "/new/blog",
        "/blog/someone",
        "/following",
        "/likes",
        "/settings",
    ] {
        let resp = http
            .get(format!("{}{path}", server.base))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status().as_u16(), 200, "{path}");
        assert!(
            resp.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html")
        );
        assert!(
            resp.text().await.unwrap().contains("id=\"root\""),
            "{path} serves the app"
        );
    }
    let health = http
        .get(format!("{}/healthz", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(health.status().as_u16(), 200);
}

#[test]
fn bad_configuration_exits_with_code_2_naming_the_setting() {
    for (args, setting) in [
        (vec!["serve", "--bind", "not-an-address"], "--bind"),
        (
            vec!["serve", "--database-url", "mysql://localhost/x"],
            "DATABASE_URL",
        ),
        (vec!["serve", "--no-such-flag"], "--no-such-flag"),
    ] {
        let out = dashwire().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
        assert!(err.contains(setting), "{err}");
    }
}
