//! The behaviour logs' bodies (spec 002 §3 Log event, §7 Logging), read and checked. Every
//! body is untrusted JSON from a browser: anything that is not the expected shape, or holds
//! more than the bounds below, is refused as malformed; nothing here can panic on input.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

/// The largest body a log call takes.
pub(crate) const MAX_BODY_BYTES: usize = 64 * 1024;
/// Events one body may carry.
pub(crate) const MAX_EVENTS: usize = 200;
/// The longest name (an event, a category, a key) a log may give.
pub(crate) const MAX_NAME_CHARS: usize = 200;

/// Which log call a body came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Endpoint {
    /// `POST /services/cslog`: an array of category and fields.
    Cslog,
    /// `POST /services/bblog`: events grouped by page type (pt), each a timestamp and an
    /// event string.
    Bblog,
    /// `POST /svc/log/lady`: an events array of log events.
    Lady,
    /// `POST /svc/log/conversion`: one conversion (the video player's).
    Conversion,
}

impl Endpoint {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Endpoint::Cslog => "cslog",
            Endpoint::Bblog => "bblog",
            Endpoint::Lady => "lady",
            Endpoint::Conversion => "conversion",
        }
    }
}

/// One event as the structured log writes it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Logged {
    /// The event's name (a log event's `event`, a cslog category, a bblog event string, a
    /// conversion's name).
    pub name: String,
    /// The rest of it, as JSON.
    pub detail: Value,
}

/// A log event (spec 002 §3 Log event).
#[derive(Debug, Deserialize)]
struct LogEvent {
    log_key: String,
    uuid: String,
    event: String,
    ts: f64,
    #[serde(default)]
    rid: Option<Value>,
    #[serde(default)]
    elapsed: Option<f64>,
    #[serde(default)]
    data: Option<Value>,
    #[serde(default)]
    env: Option<Value>,
}

#[derive(Debug, Deserialize)]
struct LadyBody {
    events: Vec<LogEvent>,
}

#[derive(Debug, Deserialize)]
struct CslogEntry {
    category: String,
    #[serde(default)]
    fields: serde_json::Map<String, Value>,
}

#[derive(Debug, Deserialize)]
struct BblogEvent {
    timestamp: f64,
    #[serde(rename = "eventString")]
    event_string: String,
}

#[derive(Debug, Deserialize)]
struct BblogGroup {
    events: Vec<BblogEvent>,
}

#[derive(Debug, Deserialize)]
struct Conversion {
    name: String,
    #[serde(default)]
    extra: serde_json::Map<String, Value>,
}

/// Reads `body` as `endpoint` takes it: its events, or why it is malformed (one line, for
/// the person reading the 400).
pub(crate) fn read(endpoint: Endpoint, body: &[u8]) -> Result<Vec<Logged>, String> {
    if body.len() > MAX_BODY_BYTES {
        return Err(format!("A log body is at most {MAX_BODY_BYTES} bytes."));
    }
    let events = match endpoint {
        Endpoint::Lady => {
            let body: LadyBody = parse(body)?;
            check_count(body.events.len())?;
            body.events
                .into_iter()
                .map(|e| {
                    for name in [&e.log_key, &e.uuid, &e.event] {
                        check_name(name)?;
                    }
                    if !e.ts.is_finite() || e.elapsed.is_some_and(|x| !x.is_finite()) {
                        return Err("ts and elapsed are numbers.".to_owned());
                    }
                    Ok(Logged {
                        name: e.event,
                        detail: serde_json::json!({
                            "log_key": e.log_key, "uuid": e.uuid, "ts": e.ts, "rid": e.rid,
                            "elapsed": e.elapsed, "data": e.data, "env": e.env,
                        }),
                    })
                })
                .collect::<Result<Vec<_>, String>>()?
        }
        Endpoint::Cslog => {
            let entries: Vec<CslogEntry> = parse(body)?;
            check_count(entries.len())?;
            entries
                .into_iter()
                .map(|e| {
                    check_name(&e.category)?;
                    Ok(Logged {
                        name: e.category,
                        detail: Value::Object(e.fields),
                    })
                })
                .collect::<Result<Vec<_>, String>>()?
        }
        Endpoint::Bblog => {
            let groups: BTreeMap<String, BblogGroup> = parse(body)?;
            check_count(groups.values().map(|g| g.events.len()).sum())?;
            let mut out = Vec::new();
            for (pt, group) in groups {
                check_name(&pt)?;
                for e in group.events {
                    check_name(&e.event_string)?;
                    if !e.timestamp.is_finite() {
                        return Err("timestamp is a number.".to_owned());
                    }
                    out.push(Logged {
                        name: e.event_string,
                        detail: serde_json::json!({ "pt": pt, "timestamp": e.timestamp }),
                    });
                }
            }
            out
        }
        Endpoint::Conversion => {
            let conversion: Conversion = parse(body)?;
            check_name(&conversion.name)?;
            vec![Logged {
                name: conversion.name,
                detail: Value::Object(conversion.extra),
            }]
        }
    };
    Ok(events)
}

fn parse<T: for<'de> Deserialize<'de>>(body: &[u8]) -> Result<T, String> {
    serde_json::from_slice(body)
        .map_err(|e| format!("The log body is not what this call takes: {e}"))
}

fn check_count(n: usize) -> Result<(), String> {
    if n > MAX_EVENTS {
        return Err(format!("A log body carries at most {MAX_EVENTS} events."));
    }
    Ok(())
}

fn check_name(name: &str) -> Result<(), String> {
    if name.trim().is_empty() || name.chars().count() > MAX_NAME_CHARS {
        return Err(format!(
            "Names in a log are 1 to {MAX_NAME_CHARS} characters."
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const ALL: [Endpoint; 4] = [
        Endpoint::Cslog,
        Endpoint::Bblog,
        Endpoint::Lady,
        Endpoint::Conversion,
    ];

    #[test]
    fn each_call_reads_its_own_shape() {
        let lady = br#"{"events":[{"log_key":"k","uuid":"u","event":"page_view","ts":1,"rid":"r","elapsed":2.5,"data":{"page":"/"},"env":{}}]}"#;
        let events = read(Endpoint::Lady, lady).unwrap();
        assert_eq!(events[0].name, "page_view");
        assert_eq!(events[0].detail["data"]["page"], "/");
        let cslog = br#"[{"category":"search","fields":{"term":"x"}},{"category":"share"}]"#;
        assert_eq!(read(Endpoint::Cslog, cslog).unwrap().len(), 2);
        let bblog = br#"{"dashboard":{"events":[{"timestamp":1,"eventString":"like"}]}}"#;
        assert_eq!(
            read(Endpoint::Bblog, bblog).unwrap()[0].detail["pt"],
            "dashboard"
        );
        let conversion = br#"{"name":"CONVERSION_ACTION_HTML5_VIDEO","extra":{"player":"x","player_version":2}}"#;
        assert_eq!(
            read(Endpoint::Conversion, conversion).unwrap()[0].name,
            "CONVERSION_ACTION_HTML5_VIDEO"
        );
    }

    #[test]
    fn wrong_shapes_and_bounds_are_refused() {
        assert!(read(Endpoint::Lady, b"").is_err());
        assert!(read(Endpoint::Lady, b"[]").is_err());
        assert!(read(Endpoint::Lady, br#"{"events":[{"event":"x"}]}"#).is_err());
        assert!(read(Endpoint::Cslog, br#"[{"category":""}]"#).is_err());
        assert!(
            read(
                Endpoint::Bblog,
                br#"{"p":{"events":[{"timestamp":"soon","eventString":"x"}]}}"#
            )
            .is_err()
        );
        let many = format!(
            "[{}]",
            vec![r#"{"category":"c"}"#; MAX_EVENTS + 1].join(",")
        );
        assert!(read(Endpoint::Cslog, many.as_bytes()).is_err());
        let huge = vec![b' '; MAX_BODY_BYTES + 1];
        assert!(read(Endpoint::Cslog, &huge).is_err());
    }

    proptest! {
        #[test]
        fn any_bytes_are_read_or_refused_never_a_panic(
            body in proptest::collection::vec(any::<u8>(), 0..512),
            which in 0usize..4,
        ) {
            let _ = read(ALL[which], &body);
        }

        #[test]
        fn json_of_any_shape_is_read_or_refused(json in arbitrary_json(), which in 0usize..4) {
            let body = serde_json::to_vec(&json).unwrap();
            let _ = read(ALL[which], &body);
        }
    }

    /// JSON values of any shape, a few levels deep.
    fn arbitrary_json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<f64>()
                .prop_filter("finite", |x| x.is_finite())
                .prop_map(|x| serde_json::json!(x)),
            ".{0,20}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 64, 8, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
                proptest::collection::btree_map("[a-z_A-Z]{0,12}", inner, 0..8)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }
}
