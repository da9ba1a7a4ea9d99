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

/// A Redis Cluster of the test's own: three masters, no replicas, on ports of their own (each
/// with its cluster bus on the port + 10,000), whose shards the test may restart.
pub struct OwnRedisCluster {
    ports: Vec<u16>,
    dir: tempfile::TempDir,
    children: Vec<Option<Child>>,
}

impl OwnRedisCluster {
    pub fn start() -> OwnRedisCluster {
        let mut ports = Vec::new();
        while ports.len() < 3 {
            let port = free_port();
            let bus_free =
                port < 55_000 && std::net::TcpListener::bind(("127.0.0.1", port + 10_000)).is_ok();
            if bus_free && !ports.contains(&port) {
                ports.push(port);
            }
        }
        let mut cluster = OwnRedisCluster {
            children: ports.iter().map(|_| None).collect(),
            ports,
            dir: tempfile::tempdir().unwrap(),
        };
        for shard in 0..3 {
            cluster.start_shard(shard);
        }
        let nodes: Vec<String> = cluster
            .ports
            .iter()
            .map(|p| format!("127.0.0.1:{p}"))
            .collect();
        let created = Command::new("redis-cli")
            .args(["--cluster", "create"])
            .args(&nodes)
            .args(["--cluster-replicas", "0", "--cluster-yes"])
            .output()
            .expect("redis-cli (Debian's redis-tools) is needed");
        assert!(
            created.status.success(),
            "redis-cli --cluster create: {}{}",
            String::from_utf8_lossy(&created.stdout),
            String::from_utf8_lossy(&created.stderr)
        );
        cluster.wait_ok();
        cluster
    }

    /// `redis://` URLs of its nodes, comma-separated, as `--redis-url` takes them.
    pub fn urls(&self) -> String {
        let urls: Vec<String> = self
            .ports
            .iter()
            .map(|p| format!("redis://127.0.0.1:{p}"))
            .collect();
        urls.join(",")
    }

    fn start_shard(&mut self, shard: usize) {
        assert!(self.children[shard].is_none(), "shard {shard} is running");
        let port = self.ports[shard].to_string();
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
            .args(["--cluster-enabled", "yes", "--cluster-node-timeout", "2000"])
            // The other shards go on while one is away.
            .args(["--cluster-require-full-coverage", "no"])
            .arg("--cluster-config-file")
            .arg(format!("nodes-{port}.conf"))
            .arg("--dir")
            .arg(self.dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server");
        self.children[shard] = Some(child);
        let port = self.ports[shard];
        wait_until(Duration::from_secs(10), "a cluster shard", || {
            redis_cli(port, &["PING"]).trim() == "PONG"
        });
    }

    /// Waits until every node says the cluster is ok.
    fn wait_ok(&self) {
        wait_until(Duration::from_secs(20), "the cluster's state ok", || {
            self.ports
                .iter()
                .all(|&p| redis_cli(p, &["CLUSTER", "INFO"]).contains("cluster_state:ok"))
        });
    }

    /// The shard that owns `channel`'s hash slot (and so its sharded pub/sub).
    pub fn owner_of(&self, channel: &str) -> usize {
        let slot: u16 = redis_cli(self.ports[0], &["CLUSTER", "KEYSLOT", channel])
            .trim()
            .parse()
            .expect("a slot");
        let nodes = redis_cli(self.ports[0], &["CLUSTER", "NODES"]);
        for line in nodes.lines() {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let Some(port) = fields
                .get(1)
                .and_then(|addr| addr.split('@').next())
                .and_then(|addr| addr.rsplit(':').next())
                .and_then(|p| p.parse::<u16>().ok())
            else {
                continue;
            };
            let owns = fields.iter().skip(8).any(|range| {
                let (low, high) = range.split_once('-').unwrap_or((range, range));
                match (low.parse::<u16>(), high.parse::<u16>()) {
                    (Ok(low), Ok(high)) => (low..=high).contains(&slot),
                    _ => false,
                }
            });
            if owns {
                return self
                    .ports
                    .iter()
                    .position(|&p| p == port)
                    .expect("one of ours");
            }
        }
        panic!("no node owns slot {slot}: {nodes}");
    }

    /// Kills one shard (as a crash would) and starts it again on its port with its cluster
    /// state, after `away`; waits until the cluster is ok again.
    pub fn restart_shard(&mut self, shard: usize, away: Duration) {
        if let Some(mut child) = self.children[shard].take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        std::thread::sleep(away);
        self.start_shard(shard);
        self.wait_ok();
    }
}

impl Drop for OwnRedisCluster {
    fn drop(&mut self) {
        for child in self.children.iter_mut().filter_map(Option::take) {
            let mut child = child;
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// What `redis-cli -p PORT ARGS…` prints (empty when it cannot connect).
fn redis_cli(port: u16, args: &[&str]) -> String {
    Command::new("redis-cli")
        .args(["-p", &port.to_string()])
        .args(args)
        .output()
        .map(|out| String::from_utf8_lossy(&out.stdout).into_owned())
        .unwrap_or_default()
}
