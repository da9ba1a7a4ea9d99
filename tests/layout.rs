//! The shape of the code, checked: every route the router serves is documented in
//! docs/api.md, features import each other without cycles, and so do the files and folders
//! inside each folder (its mod.rs included), the core (store and realtime) imports no feature,
//! no feature publishes by hand, and every write outside the store is one of its
//! transactions. They read the source, since that is where routes and imports are declared.

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

/// A source's code as the import checks read it: without comments, which may name any path.
fn code_of(text: &str) -> String {
    text.lines()
        .map(|line| line.find("//").map_or(line, |at| &line[..at]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The items a file defines at its top level (`fn`, `struct`, `const`, … at column 0).
fn defined_items(code: &str) -> BTreeSet<String> {
    let mut items = BTreeSet::new();
    for line in code.lines() {
        let mut rest = line;
        if let Some(after) = rest.strip_prefix("pub") {
            rest = after
                .strip_prefix('(')
                .map_or(after, |r| &r[r.find(')').unwrap() + 1..]);
            rest = rest.trim_start();
        }
        rest = rest.strip_prefix("async ").unwrap_or(rest);
        for keyword in [
            "fn ",
            "struct ",
            "enum ",
            "const ",
            "static ",
            "type ",
            "trait ",
            "macro_rules! ",
            "union ",
        ] {
            if let Some(name) = rest.strip_prefix(keyword) {
                let name: String = name
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                items.insert(name);
            }
        }
    }
    items
}

/// The `use` statements of `code` at its top level, whole (`pub use a::{b, c};`).
fn use_statements(code: &str) -> Vec<&str> {
    let mut statements = Vec::new();
    for (at, _) in code.match_indices("use ") {
        let line_start = code[..at].rfind('\n').map_or(0, |i| i + 1);
        let head = &code[line_start..at];
        let is_top = head.is_empty() || (head.starts_with("pub") && !head.starts_with(' '));
        if is_top && let Some(end) = code[at..].find(';') {
            statements.push(&code[line_start..at + end + 1]);
        }
    }
    statements
}

/// The import graph inside one folder of `src/`: its nodes are the folder's children (each
/// file, each subfolder with all it holds) and `mod` (its `mod.rs`), and a node points at
/// another when its code names it: a child file or folder by name (`super::x`,
/// `crate::<folder>::x`, and from `mod.rs` `x::`), an item through the child `mod.rs`
/// imports it from, and an item `mod.rs` defines at `mod`. A `mod x;` or a `pub use`
/// re-export in `mod.rs` is the folder's face, not a use. Test-only files are left out.
fn folder_imports(folder: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let src = root().join("src");
    let is_test = |path: &Path| {
        path.file_name().is_some_and(|f| f == "tests.rs")
            || path.components().any(|c| c.as_os_str() == "tests")
    };
    let mut children = BTreeSet::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let is_module = (path.is_dir() && path.join("mod.rs").is_file())
            || (path.extension().is_some_and(|e| e == "rs") && name != "mod");
        if is_module && !is_test(path.strip_prefix(&src).unwrap()) {
            children.insert(name);
        }
    }
    let sources: Vec<(PathBuf, String)> = sources()
        .into_iter()
        .filter(|(path, _)| path.starts_with(folder))
        .map(|(path, text)| {
            (
                path.strip_prefix(folder).unwrap().to_owned(),
                code_of(&text),
            )
        })
        .filter(|(path, _)| !is_test(path))
        .collect();
    let mod_code = sources
        .iter()
        .find(|(path, _)| path == Path::new("mod.rs"))
        .map(|(_, code)| code.clone())
        .unwrap_or_default();
    // Where mod.rs's names come from: the child it imports (or re-exports) each from, or
    // itself for what it defines. A glob takes every item the child defines.
    let mut origin: BTreeMap<String, String> = defined_items(&mod_code)
        .into_iter()
        .map(|item| (item, "mod".to_owned()))
        .collect();
    let mut mod_uses = BTreeSet::new();
    for statement in use_statements(&mod_code) {
        let path = &statement[statement.find("use ").unwrap() + 4..];
        let child = path.split("::").next().unwrap().trim();
        if !children.contains(child) {
            continue;
        }
        if !statement.starts_with("pub") {
            mod_uses.insert(child.to_owned());
        }
        let names = &path[child.len() + 2..];
        if names.trim_start().starts_with('*') {
            let file = folder.join(format!("{child}.rs"));
            let file = if file.is_file() {
                file
            } else {
                folder.join(child).join("mod.rs")
            };
            let code = code_of(&std::fs::read_to_string(file).unwrap());
            for item in defined_items(&code) {
                origin.entry(item).or_insert_with(|| child.to_owned());
            }
            continue;
        }
        for name in names.split([',', '{', '}', ';']) {
            let name = name.rsplit("::").next().unwrap().trim();
            let name = name.rsplit(" as ").next().unwrap().trim();
            if !name.is_empty() && name != "self" {
                origin.insert(name.to_owned(), child.to_owned());
            }
        }
    }
    let resolve = |name: &str| -> Option<String> {
        if children.contains(name) {
            Some(name.to_owned())
        } else {
            origin.get(name).cloned()
        }
    };
    let module = folder
        .strip_prefix(&src)
        .unwrap()
        .to_string_lossy()
        .replace('/', "::");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, code) in &sources {
        let parts: Vec<String> = path
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if parts == ["mod.rs"] {
            let mut face = String::new();
            for line in code.lines() {
                let trimmed = line.trim_start();
                let declares = trimmed.starts_with("mod ") || trimmed.contains(" mod ");
                if !(declares && trimmed.ends_with(';')) {
                    face.push_str(line);
                    face.push('\n');
                }
            }
            for statement in use_statements(code) {
                face = face.replace(statement, "");
            }
            let mut named = mod_uses.clone();
            for child in &children {
                let found = face.match_indices(&format!("{child}::")).any(|(at, _)| {
                    !face[..at]
                        .chars()
                        .next_back()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
                });
                if found {
                    named.insert(child.clone());
                }
            }
            graph.entry("mod".to_owned()).or_default().extend(named);
            continue;
        }
        let node = parts[0].trim_end_matches(".rs").to_owned();
        let mut names = names_after(code, &format!("crate::{module}::"));
        let in_folder = parts.len() == 1 || (parts.len() == 2 && parts[1] == "mod.rs");
        if in_folder {
            names.extend(names_after(code, "super::"));
        } else if parts.len() == 2 || (parts.len() == 3 && parts[2] == "mod.rs") {
            names.extend(names_after(code, "super::super::"));
        }
        let entry = graph.entry(node.clone()).or_default();
        entry.extend(
            names
                .iter()
                .filter_map(|n| resolve(n))
                .filter(|n| *n != node),
        );
    }
    graph
}

/// Every folder under `src/` that is a module (has a `mod.rs`).
fn module_folders() -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = sources()
        .into_iter()
        .filter(|(path, _)| path.file_name().is_some_and(|f| f == "mod.rs"))
        .map(|(path, _)| path.parent().unwrap().to_owned())
        .collect();
    folders.sort();
    folders
}

#[test]
fn no_file_or_folder_imports_one_that_imports_it_back() {
    // Inside each folder, mod.rs included: a file that a sibling (or mod.rs) uses may not use
    // it back, directly or around a ring, and a subfolder counts as one node for all it
    // holds. What two need moves to a file both import (docs/architecture.md).
    let src = root().join("src");
    let follows = folder_imports(&src.join("follows/store"));
    assert!(
        follows["mod"].contains("sqlite") && follows["sqlite"].contains("rules"),
        "the follows/store scan found {follows:?}"
    );
    let realtime = folder_imports(&src.join("realtime"));
    assert!(
        realtime["transport"].contains("node") && realtime["subscriptions"].contains("channels"),
        "the realtime scan found {realtime:?}"
    );
    let mut cycles = Vec::new();
    for folder in module_folders() {
        let graph = folder_imports(&folder);
        let name = folder.strip_prefix(&src).unwrap().display().to_string();
        for (from, deps) in &graph {
            for to in deps {
                if from < to && reaches(&graph, to, from) {
                    cycles.push(format!("{name}: {from} <-> {to}"));
                }
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
