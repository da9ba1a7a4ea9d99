//! The TypeScript types the web app reads are generated from the Rust types that write the
//! JSON: the socket protocol's (`web/src/protocol/`) and the HTTP API's
//! (`web/src/api/types/`), with the close codes and limits (`web/src/protocol/constants.ts`).
//! This test fails when a committed file differs from what the Rust types generate, or when
//! a generated folder holds a file nothing generates; run it with `DASHWIRE_WRITE_TS=1` to
//! rewrite them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use ts_rs::{Config, TS};

/// The generated files, by path under `web/src/`.
pub(crate) struct Exports {
    cfg: Config,
    files: BTreeMap<PathBuf, String>,
}

impl Exports {
    /// Adds a type (its dependencies are added by whoever owns them).
    pub(crate) fn add<T: TS + 'static>(&mut self) {
        let path = T::output_path().expect("a type with a declaration");
        let text = T::export_to_string(&self.cfg).expect("generate TypeScript");
        self.files.insert(path, text);
    }
}

/// The folders whose every file is generated.
const GENERATED: [&str; 2] = ["protocol", "api/types"];

fn generated() -> Exports {
    use dashwire_protocol::*;
    let mut exports = Exports {
        cfg: Config::new().with_large_int("number"),
        files: BTreeMap::new(),
    };
    exports.add::<ClientFrame>();
    exports.add::<ServerFrame>();
    exports.add::<EventFrame>();
    exports.add::<ErrorCode>();
    exports.add::<Event>();
    exports.add::<MessageData>();
    exports.add::<ReadData>();
    exports.add::<ParticipantRef>();
    exports.add::<ConversationSummary>();
    exports.add::<FromTumblelog>();
    exports.add::<NotificationData>();
    exports.add::<NotificationPost>();
    exports.add::<NoteMeta>();
    exports.add::<GroupInviteMeta>();
    exports.add::<NewPost>();
    exports.add::<MembersChange>();
    exports.add::<NoteCount>();
    exports.add::<PostChange>();
    exports.add::<PostAction>();
    exports.add::<BlogUnread>();
    exports.add::<UnreadCounts>();
    exports.add::<ChannelKind>();
    exports
        .files
        .insert(PathBuf::from("protocol/constants.ts"), protocol_constants());
    exports
        .files
        .insert(PathBuf::from("protocol/channels.ts"), channel_helpers());
    exports
        .files
        .insert(PathBuf::from("api/limits.ts"), limits());
    exports.files.insert(PathBuf::from("api/fonts.ts"), fonts());
    exports
        .files
        .insert(PathBuf::from("api/photosetLayouts.ts"), photoset_layouts());

    exports.add::<crate::error::Code>();
    exports.add::<crate::error::Meta>();
    exports.add::<crate::error::ErrorDetail>();
    exports.add::<crate::error::ErrorEnvelope>();
    exports.add::<crate::error::CopyrightRefusal>();
    exports.add::<crate::error::CopyrightEnvelope>();
    exports.add::<crate::error::Envelope<()>>();
    crate::accounts::typescript(&mut exports);
    crate::blogs::typescript(&mut exports);
    crate::blocks::typescript(&mut exports);
    crate::follows::typescript(&mut exports);
    crate::groups::typescript(&mut exports);
    crate::activity::typescript(&mut exports);
    crate::messaging::typescript(&mut exports);
    crate::posts::typescript(&mut exports);
    crate::composer::typescript(&mut exports);
    crate::asks::typescript(&mut exports);
    crate::blog_viewer::typescript(&mut exports);
    crate::search::typescript(&mut exports);
    crate::archive::typescript(&mut exports);
    crate::sharing::typescript(&mut exports);
    crate::client_log::typescript(&mut exports);
    crate::analytics::typescript(&mut exports);
    crate::video::typescript(&mut exports);
    crate::notes::typescript(&mut exports);
    crate::likes::typescript(&mut exports);
    crate::moderation::typescript(&mut exports);
    crate::media::typescript(&mut exports);
    exports
}

/// `channel.inbox(blog)` and the like: one builder per channel kind, so the web never writes
/// a channel name by hand, and the type of every name a builder makes.
fn channel_helpers() -> String {
    use dashwire_protocol::{ChannelKey, ChannelKind};
    let mut builders = String::new();
    let mut names = Vec::new();
    for kind in ChannelKind::ALL {
        let name = kind.as_str();
        let (params, value, written) = match kind.key() {
            ChannelKey::Blog => (
                "blog: string",
                format!("`{name}:${{blog}}`"),
                format!("`{name}:${{string}}`"),
            ),
            ChannelKey::Id => (
                "id: number",
                format!("`{name}:${{id}}`"),
                format!("`{name}:${{number}}`"),
            ),
            ChannelKey::None => ("", format!("'{name}'"), format!("'{name}'")),
        };
        builders.push_str(&format!(
            "  /** `{name}{}`: {}. */\n  {name}: ({params}): {written} => {value},\n",
            match kind.key() {
                ChannelKey::Blog => ":{blog}",
                ChannelKey::Id => ":{id}",
                ChannelKey::None => "",
            },
            kind.about(),
        ));
        names.push(written);
    }
    format!(
        "// Generated from protocol/src/channel.rs (ChannelKind) by src/typescript.rs. Do not edit this file manually.\n\n\
         /** A channel's name, as a socket subscribes to it. */\n\
         export type ChannelName =\n  | {};\n\n\
         /** The name of each kind's channel. */\n\
         export const channel = {{\n{builders}}} as const;\n",
        names.join("\n  | ")
    )
}

/// The protocol's constants, which ts-rs (types only) does not carry.
fn protocol_constants() -> String {
    use dashwire_protocol::*;
    let constants = [
        (
            "Close code: the endpoint is going away (a proxy or a browser may send it); treat it as CLOSE_SERVICE_RESTART.",
            "CLOSE_GOING_AWAY",
            CLOSE_GOING_AWAY as usize,
        ),
        (
            "Close code: the node is stopping for a restart or a deploy; reconnect at once, without backing off, and resume.",
            "CLOSE_SERVICE_RESTART",
            CLOSE_SERVICE_RESTART as usize,
        ),
        (
            "Close code: a frame over MAX_CLIENT_FRAME_BYTES (RFC 6455 \"message too big\").",
            "CLOSE_TOO_BIG",
            CLOSE_TOO_BIG as usize,
        ),
        (
            "Close code: the socket fell too far behind and was cut off; reconnect and resume.",
            "CLOSE_SLOW_CONSUMER",
            CLOSE_SLOW_CONSUMER as usize,
        ),
        (
            "Close code: the session ended (logout or revocation); do not reconnect with it.",
            "CLOSE_SESSION_ENDED",
            CLOSE_SESSION_ENDED as usize,
        ),
        (
            "Close code: the socket stopped answering pings.",
            "CLOSE_PING_TIMEOUT",
            CLOSE_PING_TIMEOUT as usize,
        ),
        (
            "The largest client frame the server accepts, in bytes.",
            "MAX_CLIENT_FRAME_BYTES",
            MAX_CLIENT_FRAME_BYTES,
        ),
    ];
    constants_file(&constants)
}

/// The limits the server enforces on forms other than the composer's (whose limits come with
/// its form builder data), so that the web caps its fields at the server's numbers, and the
/// size of a page of posts, by which the web knows a page was the last.
fn limits() -> String {
    constants_file(&[
        (
            "The longest reply, in characters (`/svc/reply`).",
            "MAX_REPLY_CHARS",
            crate::posts::actions::MAX_REPLY_CHARS,
        ),
        (
            "The longest question, in characters (`/svc/ask`).",
            "MAX_QUESTION_CHARS",
            crate::asks::MAX_QUESTION_CHARS,
        ),
        (
            "Posts a page of posts answers at most (a shorter page is the last).",
            "POST_PAGE_SIZE",
            crate::posts::view::PAGE_SIZE as usize,
        ),
        (
            "Results a page of a search answers at most (`/svc/search/...`).",
            "SEARCH_PAGE_SIZE",
            crate::search::SEARCH_PAGE_SIZE as usize,
        ),
        (
            "Tags the search typeahead lists at most ('Popular Tags:').",
            "TYPEAHEAD_TAGS",
            crate::search::TYPEAHEAD_TAGS as usize,
        ),
    ])
}

/// The title font catalogue (`blogs/fonts.rs`) as a TypeScript constant.
fn fonts() -> String {
    let catalogue = serde_json::to_string_pretty(crate::blogs::fonts::FONTS)
        .expect("the font catalogue serialises");
    format!(
        "// Generated from src/blogs/fonts.rs by src/typescript.rs. Do not edit this file manually.\n\
         import type {{ Font }} from './types/Font';\n\n\
         /** The fonts a blog's title may take (spec 000 §3), in the menu's order. */\n\
         export const FONTS: readonly Font[] = {catalogue};\n"
    )
}

/// The layouts a photo set may have (`composer/form`), which the photo form offers and the
/// save checks, as a TypeScript constant.
fn photoset_layouts() -> String {
    let layouts = serde_json::to_string_pretty(&crate::composer::form::PHOTOSET_LAYOUTS)
        .expect("the layouts serialise");
    format!(
        "// Generated from src/composer/form/mod.rs by src/typescript.rs. Do not edit this file manually.\n\n\
         /** The layouts a photo set may have (spec 000 §3 Photoset): each digit is the photos of a row. */\n\
         export const PHOTOSET_LAYOUTS: readonly string[] = {layouts};\n"
    )
}

/// A TypeScript file of `export const`s, each with its doc.
fn constants_file(constants: &[(&str, &str, usize)]) -> String {
    let mut out = String::from(
        "// Generated from the Rust constants by src/typescript.rs. Do not edit this file manually.\n",
    );
    for (doc, name, value) in constants {
        out.push_str(&format!("\n/** {doc} */\nexport const {name} = {value};\n"));
    }
    out
}

fn web_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("web/src")
}

#[test]
fn typescript_types_match_the_committed_ones() {
    let exports = generated();
    let base = web_src();
    let write = std::env::var_os("DASHWIRE_WRITE_TS").is_some();
    let mut drifted = Vec::new();
    for (path, text) in &exports.files {
        let file = base.join(path);
        if write {
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, text).unwrap();
        } else if std::fs::read_to_string(&file).ok().as_deref() != Some(text.as_str()) {
            drifted.push(path.display().to_string());
        }
    }
    for folder in GENERATED {
        for entry in std::fs::read_dir(base.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            let relative = path.strip_prefix(&base).unwrap().to_path_buf();
            if !exports.files.contains_key(&relative) {
                if write {
                    std::fs::remove_file(&path).unwrap();
                } else {
                    drifted.push(format!("{} (generated by nothing)", relative.display()));
                }
            }
        }
    }
    assert!(
        drifted.is_empty(),
        "web/src is out of date for {drifted:?}: run \
         `DASHWIRE_WRITE_TS=1 cargo test -p dashwire --lib typescript` and commit the result"
    );
}
