//! The shape of the code, checked: every route the router serves is documented in
//! docs/api.md, features import each other without cycles, the files of a folder too, the
//! core (store and realtime) imports no feature, no feature publishes by hand, and every
//! write outside the store is one of its transactions. They read the source, since that is where routes and imports are declared.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `src/`, with its text minus its `#[cfg(test)] mod tests` block.
fn sources() -> Vec<(PathBuf, String)> {
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
        .filter(|w| !dashwire::blogs::validate::RESERVED.contains(&w.as_str()))
        .collect();
    assert!(
        open.is_empty(),
        "blogs could be named {open:?}, which /svc/{{blogname}}/… would read as routes: reserve them in src/blogs/validate.rs"
    );
}

/// The top-level module of a file under `src/` (`blogs` for `src/blogs/http.rs`).
fn module_of(path: &Path) -> String {
    let relative = path.strip_prefix(root().join("src")).unwrap();
    let first = relative.components().next().unwrap().as_os_str();
    first.to_string_lossy().trim_end_matches(".rs").to_owned()
}

/// The first name of each path that follows `prefix` in `text`: `a` for `prefix a::b`, and
/// `a` and `b` for a group, `prefix {a::x, b}` (nested groups are inside one item).
fn names_after(text: &str, prefix: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut names = Vec::new();
    for (at, _) in text.match_indices(prefix) {
        let rest = &text[at + prefix.len()..];
        if !rest.starts_with('{') {
            names.push(ident(rest));
            continue;
        }
        let (mut depth, mut item_start) = (0, 1);
        for (i, c) in rest.char_indices() {
            match c {
                '{' => depth += 1,
                '}' | ',' if depth == 1 => {
                    names.push(ident(&rest[item_start..i]));
                    item_start = i + 1;
                    if c == '}' {
                        break;
                    }
                }
                '}' => depth -= 1,
                _ => {}
            }
        }
    }
    names.retain(|name| !name.is_empty());
    names
}

/// Which top-level modules each module names through `crate::`. `typescript` (the test that
/// generates the web's types, which asks every feature for its answers) is left out: it is
/// compiled for tests only.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut modules: BTreeSet<String> = sources().iter().map(|(p, _)| module_of(p)).collect();
    modules.remove("typescript");
    for (path, text) in sources() {
        let from = module_of(&path);
        for name in names_after(&text, "crate::") {
            if name != from && modules.contains(&name) && modules.contains(&from) {
                graph.entry(from.clone()).or_default().insert(name);
            }
        }
    }
    graph
}

/// The features: every module whose routes the app's router merges, or whose channel kinds
/// it registers (`app.rs`), but the core's. Read from the source, so a new feature is
/// covered without anyone listing it here.
fn features() -> BTreeSet<String> {
    let app = std::fs::read_to_string(root().join("src/app.rs")).unwrap();
    let mut features = BTreeSet::new();
    for call in [".merge(crate::", ".register(crate::"] {
        for (at, _) in app.match_indices(call) {
            let name: String = app[at + call.len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !CORE.contains(&name.as_str()) {
                features.insert(name);
            }
        }
    }
    features
}

/// The core: what every feature may use and what must use no feature.
const CORE: [&str; 2] = ["realtime", "store"];

#[test]
fn the_core_imports_no_feature() {
    let features = features();
    for expected in [
        "messaging",
        "posts",
        "follows",
        "composer",
        "unread",
        "feed",
    ] {
        assert!(
            features.contains(expected),
            "the feature scan of app.rs found {features:?}"
        );
    }
    let graph = imports();
    for core in CORE {
        let named: Vec<&String> = graph
            .get(core)
            .into_iter()
            .flatten()
            .filter(|m| features.contains(m.as_str()))
            .collect();
        assert!(named.is_empty(), "src/{core}/ imports {named:?}");
    }
}

#[test]
fn no_handler_publishes_by_hand() {
    // What a change commits is published by the code that commits it (store/publish.rs).
    let mut found = Vec::new();
    for (path, text) in sources() {
        let relative = path.strip_prefix(root().join("src")).unwrap();
        if CORE.contains(&module_of(&path).as_str()) || relative.starts_with("app.rs") {
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

/// Every file of a folder under `src/` and the sibling files it names (`super::x`, or
/// `crate::<folder>::x`), keyed by path relative to `src/` without `.rs`.
fn file_imports() -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, text) in sources() {
        let relative = path.strip_prefix(root().join("src")).unwrap();
        let Some(folder) = relative.parent().filter(|f| !f.as_os_str().is_empty()) else {
            continue;
        };
        let name = relative.file_stem().unwrap().to_string_lossy().into_owned();
        if name == "mod" {
            continue;
        }
        let folder = folder.to_string_lossy().into_owned();
        let module = folder.replace('/', "::");
        let key = |file: &str| format!("{folder}/{file}");
        let siblings = |prefix: &str| {
            names_after(&text, prefix)
                .into_iter()
                .filter(|file| {
                    root()
                        .join("src")
                        .join(key(file))
                        .with_extension("rs")
                        .is_file()
                        || root().join("src").join(key(file)).join("mod.rs").is_file()
                })
                .collect::<Vec<_>>()
        };
        let mut named = siblings("super::");
        named.extend(siblings(&format!("crate::{module}::")));
        let entry = graph.entry(key(&name)).or_default();
        entry.extend(named.into_iter().filter(|f| *f != name).map(|f| key(&f)));
    }
    graph
}

#[test]
fn no_file_imports_a_sibling_that_imports_it_back() {
    let graph = file_imports();
    assert!(
        graph.contains_key("messaging/store") && graph.contains_key("posts/http"),
        "the file scan found {:?}",
        graph.keys().collect::<Vec<_>>()
    );
    let mut cycles = Vec::new();
    for (from, deps) in &graph {
        for to in deps {
            if from < to && reaches(&graph, to, from) {
                cycles.push(format!("{from} <-> {to}"));
            }
        }
    }
    assert!(
        cycles.is_empty(),
        "import cycles inside a folder: {cycles:?}"
    );
}

/// Whether `from` reaches `to` along `graph`'s edges.
fn reaches(graph: &BTreeMap<String, BTreeSet<String>>, from: &str, to: &str) -> bool {
    let mut seen = BTreeSet::new();
    let mut next = vec![from.to_owned()];
    while let Some(module) = next.pop() {
        for dep in graph.get(&module).into_iter().flatten() {
            if dep == to {
                return true;
            }
            if seen.insert(dep.clone()) {
                next.push(dep.clone());
            }
        }
    }
    false
}

#[test]
fn modules_import_each_other_without_cycles() {
    let graph = imports();
    let mut cycles = Vec::new();
    for (from, deps) in &graph {
        for to in deps {
            if from < to && reaches(&graph, to, from) {
                cycles.push(format!("{from} <-> {to}"));
            }
        }
    }
    assert!(cycles.is_empty(), "import cycles: {cycles:?}");
}
