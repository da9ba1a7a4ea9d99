//! The TypeScript types in `web/src/protocol/` are generated from these types. This test
//! fails when the committed files differ from what the Rust types generate; run it with
//! `DASHWIRE_WRITE_TS=1` to rewrite them.

use std::path::PathBuf;

use ts_rs::{Config, TS};

use crate::*;

fn generated() -> Vec<(String, String)> {
    let cfg = Config::new().with_large_int("number");
    let mut files = Vec::new();
    macro_rules! each {
        ($($t:ty),*) => {$(
            files.push((
                format!("{}.ts", <$t as TS>::name(&cfg)),
                <$t as TS>::export_to_string(&cfg).expect("generate TypeScript"),
            ));
        )*};
    }
    each!(
        ClientFrame,
        ServerFrame,
        EventFrame,
        ErrorCode,
        Event,
        MessageData,
        ReadData,
        ParticipantRef,
        ConversationSummary,
        FromTumblelog,
        NotificationData,
        BlogUnread,
        UnreadCounts
    );
    files
}

#[test]
fn typescript_types_match_the_committed_ones() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../web/src/protocol");
    let write = std::env::var_os("DASHWIRE_WRITE_TS").is_some();
    let mut drifted = Vec::new();
    for (name, text) in generated() {
        let path = dir.join(&name);
        if write {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &text).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            drifted.push(name);
        }
    }
    assert!(
        drifted.is_empty(),
        "web/src/protocol is out of date for {drifted:?}: run \
         `DASHWIRE_WRITE_TS=1 cargo test -p dashwire-protocol typescript` and commit the result"
    );
}
