//! A Redis and a PostgreSQL of a test's own, which it may stop and start again on the same
//! port (the fault tests: `tests/faults_*.rs`), so that the machine's own services, shared by
//! every other test, are never touched.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A port nothing listens on now (the kernel's pick, released at once).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Waits until `ready` answers true, at most `limit`.
fn wait_until(limit: Duration, what: &str, mut ready: impl FnMut() -> bool) {
    let deadline = Instant::now() + limit;
    while !ready() {
        assert!(
            Instant::now() < deadline,
            "{what} did not come up in {limit:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A `redis-server` of the test's own, keeping nothing on disk.
pub struct OwnRedis {
    port: u16,
    dir: tempfile::TempDir,
    child: Option<Child>,
}

impl OwnRedis {
    pub fn start() -> OwnRedis {
        let mut redis = OwnRedis {
            port: free_port(),
            dir: tempfile::tempdir().unwrap(),
            child: None,
        };
        redis.start_again();
        redis
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Whether it answers `PING`.
    pub fn answers(&self) -> bool {
        let Ok(mut conn) = TcpStream::connect(("127.0.0.1", self.port)) else {
            return false;
        };
        let _ = conn.set_read_timeout(Some(Duration::from_millis(500)));
        let mut buf = [0; 7];
        conn.write_all(b"PING\r\n").is_ok()
            && conn.read_exact(&mut buf).is_ok()
            && &buf == b"+PONG\r\n"
    }

    /// Kills it (as a crash or `systemctl stop` would): every connection to it drops.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts it again on the same port, empty, and waits until it answers.
    pub fn start_again(&mut self) {
        assert!(self.child.is_none(), "Redis is running");
        let port = self.port.to_string();
        let child = Command::new("redis-server")
            .args([
                "--port",
                &port,
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ])
            .arg("--dir")
            .arg(self.dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server (Debian's redis-server package) is needed");
        self.child = Some(child);
        wait_until(Duration::from_secs(10), "redis-server", || self.answers());
    }
}

impl Drop for OwnRedis {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A PostgreSQL cluster of the test's own, in a temporary folder, on a port of its own:
/// `initdb`, `pg_ctl start` and `stop` as its `postgres` user (PostgreSQL will not run as
/// root). Its one database is `dashwire`.
pub struct OwnPostgres {
    port: u16,
    dir: tempfile::TempDir,
    bin: PathBuf,
}

impl OwnPostgres {
    pub fn start() -> OwnPostgres {
        let bin = postgres_bin();
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let postgres = Self::postgres_user();
        if postgres.is_some() {
            chown_to_postgres(dir.path());
        }
        let pg = OwnPostgres {
            port: free_port(),
            dir,
            bin,
        };
        let init = pg
            .as_postgres(pg.bin.join("initdb"))
            .args([
                "-U",
                "postgres",
                "--auth=trust",
                "--no-sync",
                "-E",
                "UTF8",
                "-D",
            ])
            .arg(&data)
            .output()
            .expect("initdb");
        assert!(
            init.status.success(),
            "initdb: {}",
            String::from_utf8_lossy(&init.stderr)
        );
        pg.start_again();
        let created = pg
            .as_postgres(pg.bin.join("createdb"))
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &pg.port.to_string(),
                "-U",
                "postgres",
                "dashwire",
            ])
            .output()
            .expect("createdb");
        assert!(
            created.status.success(),
            "createdb: {}",
            String::from_utf8_lossy(&created.stderr)
        );
        pg
    }

    /// The URL of its database.
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/dashwire", self.port)
    }

    /// Stops it the way a restart or a failover does (`pg_ctl stop -m fast`: every session is
    /// ended, what committed is kept), and waits until it is down.
    pub fn stop(&self) {
        self.pg_ctl(&["stop", "-m", "fast", "-w"]);
    }

    /// Starts it again on the same port and waits until it takes connections.
    pub fn start_again(&self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100",
            self.port,
            self.dir.path().display()
        );
        self.pg_ctl(&["start", "-w", "-t", "30", "-o", &options]);
    }

    fn pg_ctl(&self, args: &[&str]) {
        let data = self.dir.path().join("data");
        let log = self.dir.path().join("log");
        let out = self
            .as_postgres(self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(&data)
            .arg("-l")
            .arg(&log)
            .args(args)
            .output()
            .expect("pg_ctl");
        assert!(
            out.status.success(),
            "pg_ctl {args:?}: {}{}",
            String::from_utf8_lossy(&out.stderr),
            std::fs::read_to_string(&log).unwrap_or_default()
        );
    }

    /// `program` run as the `postgres` user when this is root, as is otherwise.
    fn as_postgres(&self, program: PathBuf) -> Command {
        match Self::postgres_user() {
            Some(user) => {
                let mut command = Command::new("runuser");
                command.args(["-u", user, "--"]).arg(program);
                command
            }
            None => Command::new(program),
        }
    }

    /// The user to run PostgreSQL as: `postgres` when the tests run as root.
    fn postgres_user() -> Option<&'static str> {
        let id = Command::new("id").arg("-u").output().expect("id -u");
        let root = String::from_utf8_lossy(&id.stdout).trim() == "0";
        root.then_some("postgres")
    }
}

impl Drop for OwnPostgres {
    fn drop(&mut self) {
        let data = self.dir.path().join("data");
        let _ = self
            .as_postgres(self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(&data)
            .args(["stop", "-m", "immediate", "-w"])
            .output();
    }
}

/// Debian's PostgreSQL programs: `/usr/lib/postgresql/<version>/bin`, the newest there.
fn postgres_bin() -> PathBuf {
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .expect("PostgreSQL's programs in /usr/lib/postgresql are needed")
        .filter_map(|entry| entry.ok().map(|e| e.path().join("bin")))
        .filter(|bin| bin.join("initdb").exists())
        .collect();
    versions.sort();
    versions.pop().expect("no initdb under /usr/lib/postgresql")
}

/// Gives a folder to the `postgres` user (initdb refuses a data folder it does not own).
fn chown_to_postgres(path: &Path) {
    let status = Command::new("chown")
        .args(["-R", "postgres:postgres"])
        .arg(path)
        .status()
        .expect("chown");
    assert!(status.success(), "chown {}", path.display());
}
