//! The behaviour logs over HTTP (spec 002 §7 Logging): a browser's beacon posts plain-text
//! JSON without a form key; each call takes its own shape, and anything else is a 400 (never
//! a 500); bodies are bounded in size and calls per client per minute; /metrics counts them.
//! The logs touch no table, so one database is enough.

mod common;

use common::{Client, Kind, Server, TestDb};
use serde_json::Value;

/// Posts `body` as a beacon does (text/plain, no form key) with `client`'s cookies.
async fn beacon(client: &Client, path: &str, body: impl Into<reqwest::Body>) -> (u16, Value) {
    let answer = client
        .http
        .post(format!("{}{path}", client.base))
        .header("content-type", "text/plain;charset=UTF-8")
        .body(body)
        .send()
        .await
        .unwrap();
    let status = answer.status().as_u16();
    (status, answer.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn beacons_are_checked_bounded_and_counted() {
    let db = TestDb::new(Kind::Sqlite).await;
    let server = Server::start(&db.url, &[]);
    let visitor = Client::visitor(&server.base).await;
    let lady = r#"{"events":[{"log_key":"k","uuid":"u1","event":"page_view","ts":1764000000000,"rid":"r","elapsed":12.5,"data":{"path":"/search/cats"},"env":{"w":1280}},
                  {"log_key":"k","uuid":"u1","event":"search","ts":1764000000100,"data":{"term":"cats"}}]}"#;
    let (status, body) = beacon(&visitor, "/svc/log/lady", lady).await;
    assert_eq!(
        (status, &body["response"]["accepted"]),
        (200, &Value::from(2)),
        "{body}"
    );
    let cslog = r#"[{"category":"share","fields":{"network":"email"}}]"#;
    assert_eq!(beacon(&visitor, "/services/cslog", cslog).await.0, 200);
    let bblog = r#"{"dashboard":{"events":[{"timestamp":1764000000000,"eventString":"like"}]}}"#;
    assert_eq!(beacon(&visitor, "/services/bblog", bblog).await.0, 200);

    let malformed = [
        "",
        "not json",
        "{",
        "[]",
        "null",
        r#"{"events":"x"}"#,
        r#"{"events":[{"event":"no key"}]}"#,
        r#"{"events":[{"log_key":"k","uuid":"u","event":"","ts":1}]}"#,
        r#"{"events":[{"log_key":"k","uuid":"u","event":"e","ts":"tomorrow"}]}"#,
        "\u{0}\u{1}\u{2}",
    ];
    for body in malformed {
        let (status, answer) = beacon(&visitor, "/svc/log/lady", body).await;
        assert_eq!(
            (status, answer["meta"]["status"].as_i64()),
            (400, Some(400)),
            "{body:?}: {answer}"
        );
    }
    let bad_bytes: Vec<u8> = vec![0xff, 0xfe, b'{', 0x80];
    assert_eq!(beacon(&visitor, "/services/cslog", bad_bytes).await.0, 400);
    let huge = format!(
        "[{}]",
        vec![r#"{"category":"c","fields":{"pad":"0123456789"}}"#; 2000].join(",")
    );
    assert!(huge.len() > 64 * 1024);
    assert_eq!(beacon(&visitor, "/services/cslog", huge).await.0, 413);

    // The conversion log is a signed-in user's form, with the form key.
    let log =
        r#"{"name":"CONVERSION_ACTION_HTML5_VIDEO","extra":{"player":"html5","player_version":2}}"#;
    let refused = visitor.post("/svc/log/conversion", &[("log", log)]).await;
    assert_eq!(refused.status, 401, "{}", refused.body);
    let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
    let converted = ann.post("/svc/log/conversion", &[("log", log)]).await;
    assert_eq!(
        (converted.status, &converted.response()["accepted"]),
        (200, &Value::from(1)),
        "{}",
        converted.body
    );
    let without_key = ann
        .http
        .post(format!("{}/svc/log/conversion", ann.base))
        .form(&[("log", log)])
        .send()
        .await
        .unwrap();
    assert_eq!(
        without_key.status(),
        403,
        "the conversion form needs the form key"
    );

    // Thirty calls a minute per client: the visitor made 14 above that reached the budget (the
    // body too large is refused before it, the conversion at its login).
    let mut statuses = Vec::new();
    for _ in 0..20 {
        statuses.push(beacon(&visitor, "/services/cslog", cslog).await.0);
    }
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        16,
        "{statuses:?}"
    );
    assert_eq!(statuses.last(), Some(&429), "{statuses:?}");
    assert_eq!(
        beacon(&ann, "/services/cslog", cslog).await.0,
        200,
        "another client has its own budget"
    );

    let metrics = reqwest::get(format!("{}/metrics", server.base))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    for line in [
        r#"dashwire_client_log_requests_total{endpoint="lady",outcome="accepted"} 1"#,
        r#"dashwire_client_log_requests_total{endpoint="lady",outcome="malformed"} 10"#,
        r#"dashwire_client_log_requests_total{endpoint="cslog",outcome="too_large"} 1"#,
        r#"dashwire_client_log_requests_total{endpoint="cslog",outcome="rate_limited"} 4"#,
        r#"dashwire_client_log_requests_total{endpoint="conversion",outcome="accepted"} 1"#,
    ] {
        assert!(
            metrics.contains(line),
            "{line} in:\n{}",
            metrics
                .lines()
                .filter(|l| l.contains("client_log"))
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    assert!(
        metrics.contains("dashwire_client_log_events_total 22"),
        "2 + 1 + 1 + 1 + 16 + 1 events"
    );
    drop(server);
    db.cleanup().await;
}
