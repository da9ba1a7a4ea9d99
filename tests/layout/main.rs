//! The shape of the code, checked: every route the router serves is documented in
//! docs/api.md, features import each other without cycles, and so do the files and folders
//! inside each folder (its mod.rs included), the core (store and realtime) imports no feature,
//! no feature publishes by hand, and every write outside the store is one of its
//! transactions. They read the source, since that is where routes and imports are declared.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

mod imports;

pub(crate) fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `src/`, with its text minus its `#[cfg(test)] mod tests` block.
pub(crate) fn sources() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let mut text = std::fs::read_to_string(&path).unwrap();
                if let Some(tests) = text.find("#[cfg(test)]\nmod tests") {
                    text.truncate(tests);
                }
                out.push((path, text));
            }
        }
    }
    let mut out = Vec::new();
    walk(&root().join("src"), &mut out);
    out
}

/// `(METHOD, path)` of every `.route("path", get(..).post(..))` in `text`.
fn routes_in(text: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(".route(") {
        rest = &rest[at + ".route(".len()..];
        let Some(path) = rest
            .trim_start()
            .strip_prefix('"')
            .and_then(|r| r.split('"').next())
        else {
            continue;
        };
        // The method router: up to the parenthesis that closes `.route(`.
        let mut depth = 1;
        let end = rest
            .char_indices()
            .find(|&(_, c)| {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                depth == 0
            })
            .map(|(i, _)| i)
            .unwrap_or(rest.len());
        let methods = &rest[..end];
        for (method, call) in [
            ("GET", "get("),
            ("POST", "post("),
            ("DELETE", "delete("),
            ("PUT", "put("),
        ] {
            let called = methods.match_indices(call).any(|(i, _)| {
                i == 0 || !methods[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_')
            });
            if called {
                found.push((method.to_owned(), path.to_owned()));
            }
        }
    }
    found
}

#[test]
fn every_route_the_router_serves_is_documented() {
    let docs = std::fs::read_to_string(root().join("docs/api.md")).unwrap();
    let mut routes = BTreeSet::new();
    for (_, text) in sources() {
        routes.extend(routes_in(&text));
    }
    assert!(
        routes.contains(&("POST".into(), "/svc/conversations/messages".into())),
        "the route scan found {routes:?}"
    );
    let undocumented: Vec<String> = routes
        .iter()
        .map(|(method, path)| format!("`{method} {path}`"))
        .filter(|call| !docs.contains(call.as_str()))
        .collect();
    assert!(
        undocumented.is_empty(),
        "docs/api.md does not document {undocumented:?} (write each as `METHOD /path`)"
    );
}

/// The Vite dev server (`npm run dev`) forwards what the Rust server answers: every route
/// starts with one of `web/vite.config.mts`'s proxied prefixes, so no call made from the dev
/// server falls through to the app's index page. `/ws` has a proxy entry of its own; the
/// operations' routes are not the app's.
#[test]
fn the_dev_proxy_forwards_every_route() {
    let config = std::fs::read_to_string(root().join("web/vite.config.mts")).unwrap();
    let start = config.find("const proxied = [").expect("the proxied list");
    let list = &config[start..start + config[start..].find("];").unwrap()];
    let prefixes: Vec<&str> = list.split('\'').skip(1).step_by(2).collect();
    assert!(prefixes.contains(&"/svc"), "read {prefixes:?}");
    let elsewhere = ["/ws", "/healthz", "/metrics"];
    let mut missing = BTreeSet::new();
    for (_, text) in sources() {
        for (_, path) in routes_in(&text) {
            if !elsewhere.contains(&path.as_str()) && !prefixes.iter().any(|p| path.starts_with(p))
            {
                missing.insert(path);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "web/vite.config.mts does not proxy {missing:?}"
    );
}

#[test]
fn no_blog_name_can_be_read_as_a_svc_route() {
    let mut words = BTreeSet::new();
    for (_, text) in sources() {
        for (_, path) in routes_in(&text) {
            let Some(rest) = path.strip_prefix("/svc/") else {
                continue;
            };
            let word = rest.split('/').next().unwrap_or("");
            // A word a blog name could be: a-z, 0-9 and '-'.
            let nameable = !word.is_empty()
                && word
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
            if nameable {
                words.insert(word.to_owned());
            }
        }
    }
    assert!(words.contains("post"), "the route scan found {words:?}");
    let open: Vec<&String> = words
        .iter()
        .filter(|w| !dashwire::testing::blogs::validate::RESERVED.contains(&w.as_str()))
        .collect();
    assert!(
        open.is_empty(),
        "blogs could be named {open:?}, which /svc/{{blogname}}/… would read as routes: reserve them in src/blogs/validate.rs"
    );
}

/// The top-level module of a file under `src/` (`blogs` for `src/blogs/http.rs`).
pub(crate) fn module_of(path: &Path) -> String {
    let relative = path.strip_prefix(root().join("src")).unwrap();
    let first = relative.components().next().unwrap().as_os_str();
    first.to_string_lossy().trim_end_matches(".rs").to_owned()
}

#[test]
fn no_handler_publishes_by_hand() {
    // What a change commits is published by the code that commits it (store/publish.rs).
    // The compiler holds the two ways to do it to store/: `Publisher::publish` and
    // `store::log::record` are `pub(in crate::store)`. This checks what visibility cannot:
    // that no feature builds a `Committed`, reaches for the publisher or talks to the bus.
    let mut found = Vec::new();
    for (path, text) in sources() {
        let relative = path.strip_prefix(root().join("src")).unwrap();
        // app.rs assembles the store and the core; testing.rs names `Committed` and
        // `store::log` only to re-export them to the tests (its `pub use` lines).
        let assembles = relative.starts_with("app.rs") || relative.starts_with("testing.rs");
        if CORE.contains(&module_of(&path).as_str()) || assembles {
            continue;
        }
        for call in [
            ".publisher()",
            "Publisher",
            ".publish(",
            "Committed",
            "log::record",
            "store::log",
            "bus.",
        ] {
            if text.contains(call) {
                found.push(format!("{} calls {call}", relative.display()));
            }
        }
    }
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn every_write_outside_the_store_is_a_store_transaction() {
    // A change is written one way on either database: through `Store::begin`'s `Tx`, whose
    // commit publishes what it recorded and whose `BEGIN` survives a dead connection
    // (store/health.rs). Opening a transaction on a pool or a connection, or writing on
    // SQLite's write pool without one, bypasses both.
    let mut found = Vec::new();
    for (path, text) in sources() {
        let relative = path.strip_prefix(root().join("src")).unwrap();
        if module_of(&path) == "store" {
            continue;
        }
        for (at, _) in text.match_indices(".begin()") {
            let receiver: String = text[..at]
                .chars()
                .rev()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            if receiver != "store" {
                found.push(format!(
                    "{} opens a transaction on `{receiver}`",
                    relative.display()
                ));
            }
        }
        for pattern in ["write:", "write,", "write }", "gate"] {
            for (at, _) in text.match_indices("DbPool::Sqlite {") {
                let fields = &text[at..text[at..].find('}').map_or(text.len(), |end| at + end + 1)];
                if fields.contains(pattern) {
                    found.push(format!("{} takes SQLite's write pool", relative.display()));
                }
            }
        }
    }
    found.dedup();
    assert!(found.is_empty(), "{found:?}");
}

/// The core: what every feature may use and what must use no feature.
pub(crate) const CORE: [&str; 2] = ["realtime", "store"];
