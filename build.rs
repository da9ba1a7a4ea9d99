//! Builds the web app (`web/` → `web/dist`) so that `cargo run` alone gives a working page.
//!
//! It runs `npm ci` when `web/node_modules` is missing and `npm run build` whenever a web
//! source changes. Set `DASHWIRE_SKIP_WEB_BUILD=1` to skip it (the server then answers
//! client routes with a note saying the app was not built).

use std::path::Path;
use std::process::Command;

fn main() {
    for path in [
        "web/src",
        "web/public",
        "web/index.html",
        "web/package.json",
        "web/package-lock.json",
        "web/vite.config.mts",
        "web/tsconfig.json",
    ] {
        println!("cargo:rerun-if-changed={path}");
    }
    // `sqlx::migrate!` embeds the migrations when the crate compiles; with a build script,
    // cargo reruns it (and so recompiles) on a new migration only if told to watch them.
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rerun-if-env-changed=DASHWIRE_SKIP_WEB_BUILD");

    let web = Path::new("web");
    let dist = web.join("dist");
    if std::env::var_os("DASHWIRE_SKIP_WEB_BUILD").is_some_and(|v| v != "0") {
        // rust-embed needs the folder to exist.
        std::fs::create_dir_all(&dist).expect("create web/dist");
        return;
    }
    if !web.join("node_modules").exists() {
        npm(web, &["ci", "--no-audit", "--no-fund"]);
    }
    npm(web, &["run", "build"]);
}

fn npm(dir: &Path, args: &[&str]) {
    let status = Command::new("npm")
        .args(args)
        .current_dir(dir)
        .status()
        .unwrap_or_else(|err| {
            panic!("cannot run npm (needed to build the web app; install Node.js 20+ or set DASHWIRE_SKIP_WEB_BUILD=1): {err}")
        });
    assert!(
        status.success(),
        "`npm {}` in web/ failed ({status})",
        args.join(" ")
    );
}
