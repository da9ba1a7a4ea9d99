//! The import checks of the layout test: features import each other without cycles, the core
//! imports no feature, and inside each folder (its mod.rs included) no file or subfolder
//! imports one that imports it back.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::{CORE, module_of, root, sources};

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
