//! The real `dashwire` binary, serving on a free port.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use super::{BOTH, Kind, RunningOn, TestDb};

const BIN: &str = env!("CARGO_BIN_EXE_dashwire");

/// The real binary, serving on a free port; killed when dropped.
pub struct Server {
    pub base: String,
    child: Child,
    /// Where it keeps uploads (its own temporary folder).
    pub media: tempfile::TempDir,
}

/// The `dashwire` binary, to run with arguments and nothing else: the variables it reads are
/// removed from its environment. A developer's shell must not configure the servers under
/// test: with `REDIS_URL` exported (as the README's two nodes have it), every test server
/// would join the one Redis under the default prefix and deliver the other tests' events
/// (each test's fresh database has its own `conversation:1` and `unread:2`).
pub fn dashwire() -> Command {
    let mut command = Command::new(BIN);
    for name in variables_the_server_reads() {
        command.env_remove(name);
    }
    command
}

impl Server {
    /// Starts `dashwire serve` on `database_url` with extra arguments.
    pub fn start(database_url: &str, extra: &[&str]) -> Server {
        Server::start_with_tmp(database_url, extra, None)
    }

    /// Like [`Server::start`], with the server's temporary folder (`TMPDIR`, where uploads
    /// arrive) at `tmp`.
    pub fn start_with_tmp(
        database_url: &str,
        extra: &[&str],
        tmp: Option<&std::path::Path>,
    ) -> Server {
        match tmp {
            Some(tmp) => Server::start_with_env(
                database_url,
                extra,
                &[("TMPDIR", tmp.to_str().expect("a UTF-8 path"))],
            ),
            None => Server::start_with_env(database_url, extra, &[]),
        }
    }

    /// Like [`Server::start`], with variables set in the server's environment (settings the
    /// server does not list as its own, such as the AWS_* ones of an S3 media store).
    pub fn start_with_env(database_url: &str, extra: &[&str], env: &[(&str, &str)]) -> Server {
        let media = tempfile::tempdir().expect("media folder");
        let mut command = dashwire();
        command.envs(env.iter().copied());
        // Its own media folder, unless the test gives one (nodes that share their uploads).
        let own_media: Vec<&std::ffi::OsStr> = if extra.contains(&"--media-dir") {
            Vec::new()
        } else {
            vec!["--media-dir".as_ref(), media.path().as_os_str()]
        };
        let mut child = command
            .args([
                "serve",
                "--bind",
                "127.0.0.1:0",
                "--database-url",
                database_url,
            ])
            .args(own_media)
            .args(extra)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start dashwire");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(url) = line.strip_prefix("dashwire: listening on ") {
                    let _ = tx.send(url.to_owned());
                }
            }
        });
        let base = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("server did not start");
        Server { base, child, media }
    }

    /// Sends SIGTERM.
    pub fn terminate(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
    }

    /// Kills it at once (SIGKILL): nothing it had not committed survives, and nothing it
    /// committed but had not published is sent by it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Waits for the process to exit, at most `limit`.
    pub fn wait_exit(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let deadline = std::time::Instant::now() + limit;
        while std::time::Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The environment variables `dashwire serve` reads, as its `--help` lists them
/// (`[env: NAME=]`), so a variable added to the server is kept out of the tests too.
fn variables_the_server_reads() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let help = Command::new(BIN)
            .args(["serve", "--help"])
            .env_clear()
            .output()
            .expect("dashwire serve --help");
        let text = String::from_utf8_lossy(&help.stdout);
        let names: Vec<String> = text
            .split("[env: ")
            .skip(1)
            .filter_map(|rest| rest.split(['=', ']']).next())
            .map(str::to_owned)
            .collect();
        assert!(
            names.iter().any(|name| name == "REDIS_URL"),
            "no [env: REDIS_URL] in `dashwire serve --help`; read its variables another way:\n{text}"
        );
        names
    })
}

/// A counter from a node's `/metrics`.
pub async fn metric(base: &str, name: &str) -> u64 {
    let text = metrics_text(base).await;
    text.lines()
        .find_map(|line| line.strip_prefix(&format!("dashwire_{name} ")))
        .and_then(|value| value.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in /metrics"))
}

/// A node's whole `/metrics` text.
pub async fn metrics_text(base: &str) -> String {
    reqwest::get(format!("{base}/metrics"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// The value of one series in `/metrics` text, named as the text writes it, labels and all
/// (`dashwire_replay_events_count{reason="resume"}`); `None` when the text has no such line.
pub fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .map(|value| value.parse().expect("a number"))
}

/// Runs `body` against a fresh server on each backend.
pub async fn on_each_backend<F, Fut>(body: F)
where
    F: Fn(String, Kind) -> Fut,
    Fut: Future<Output = ()>,
{
    for kind in BOTH {
        let _running_on = RunningOn(format!("{kind:?}"));
        let db = TestDb::new(kind).await;
        let server = Server::start(&db.url, &[]);
        body(server.base.clone(), kind).await;
        drop(server);
        db.cleanup().await;
    }
}

/// Makes `email`'s account an administrator with the `dashwire admin` command, as an
/// operator does.
pub fn make_admin(database_url: &str, email: &str) {
    let out = dashwire()
        .args(["admin", "--database-url", database_url, "--email", email])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
