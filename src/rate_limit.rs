//! Failed-login limiting per client address: in memory on one node, in Redis when the nodes
//! share one (`--redis-url`), so that trying passwords against several nodes counts once.
//! And [`RequestLimiter`], a plain per-key budget of requests per minute on this node, for
//! calls whose abuse costs little but should still be bounded (the behaviour logs).

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use dashmap::DashMap;
use redis::aio::ConnectionManager;

/// Failed logins allowed from one address within [`WINDOW`].
pub(crate) const MAX_FAILURES: u32 = 10;
/// How long failures are remembered.
pub(crate) const WINDOW: Duration = Duration::from_secs(15 * 60);

/// Counts failed logins per address: in Redis when configured, else in this process. When
/// Redis cannot be reached the node counts in memory meanwhile, so a Redis outage neither
/// locks everyone out nor lifts the limit.
#[derive(Clone, Default)]
pub struct LoginLimiter {
    memory: MemoryLimiter,
    redis: Option<RedisLimiter>,
}

impl LoginLimiter {
    /// A limiter shared by every node on the Redis at `url`, its keys under `prefix`. With
    /// `cluster`, `url` names nodes of a Redis Cluster (comma-separated): an address's
    /// commands all touch its one key, so they go to that key's shard.
    pub(crate) async fn redis(
        url: &str,
        cluster: bool,
        prefix: &str,
    ) -> anyhow::Result<LoginLimiter> {
        let connection = if cluster {
            let nodes: Vec<&str> = url.split(',').map(str::trim).collect();
            let client = redis::cluster::ClusterClient::new(nodes)?;
            RedisLink::Cluster(client.get_async_connection().await?)
        } else {
            RedisLink::One(ConnectionManager::new(redis::Client::open(url)?).await?)
        };
        Ok(LoginLimiter {
            memory: MemoryLimiter::default(),
            redis: Some(RedisLimiter {
                connection,
                prefix: prefix.to_owned(),
            }),
        })
    }

    /// `Err(wait)` when `ip` has failed too often and must wait `wait` before trying again.
    pub(crate) async fn check(&self, ip: IpAddr) -> Result<(), Duration> {
        if let Some(redis) = &self.redis {
            match redis.check(ip).await {
                Ok(verdict) => return verdict,
                Err(err) => {
                    tracing::warn!(error = %err, "login limit: Redis unreachable, counting in memory")
                }
            }
        }
        self.memory.check(ip)
    }

    /// Records one failed login from `ip`.
    pub(crate) async fn failed(&self, ip: IpAddr) {
        if let Some(redis) = &self.redis {
            match redis.failed(ip).await {
                Ok(()) => return,
                Err(err) => {
                    tracing::warn!(error = %err, "login limit: Redis unreachable, counting in memory")
                }
            }
        }
        self.memory.failed(ip);
    }

    /// A successful login clears the address's failures.
    pub(crate) async fn succeeded(&self, ip: IpAddr) {
        if let Some(redis) = &self.redis
            && let Err(err) = redis.succeeded(ip).await
        {
            tracing::warn!(error = %err, "login limit: Redis unreachable");
        }
        self.memory.succeeded(ip);
    }

    /// Drops in-memory windows that have expired (Redis expires its own).
    pub(crate) fn sweep(&self) {
        self.memory.sweep();
    }
}

/// The limit in Redis: one counter per address, expiring a window after its first failure.
#[derive(Clone)]
struct RedisLimiter {
    connection: RedisLink,
    prefix: String,
}

/// A connection to one Redis or to a Redis Cluster, either of which runs the limiter's
/// commands (both reconnect by themselves).
#[derive(Clone)]
enum RedisLink {
    One(ConnectionManager),
    Cluster(redis::cluster_async::ClusterConnection),
}

impl redis::aio::ConnectionLike for RedisLink {
    fn req_packed_command<'a>(
        &'a mut self,
        cmd: &'a redis::Cmd,
    ) -> redis::RedisFuture<'a, redis::Value> {
        match self {
            RedisLink::One(conn) => conn.req_packed_command(cmd),
            RedisLink::Cluster(conn) => conn.req_packed_command(cmd),
        }
    }

    fn req_packed_commands<'a>(
        &'a mut self,
        pipeline: &'a redis::Pipeline,
        offset: usize,
        count: usize,
    ) -> redis::RedisFuture<'a, Vec<redis::Value>> {
        match self {
            RedisLink::One(conn) => conn.req_packed_commands(pipeline, offset, count),
            RedisLink::Cluster(conn) => conn.req_packed_commands(pipeline, offset, count),
        }
    }

    fn get_db(&self) -> i64 {
        match self {
            RedisLink::One(conn) => conn.get_db(),
            RedisLink::Cluster(conn) => conn.get_db(),
        }
    }
}

impl RedisLimiter {
    fn key(&self, ip: IpAddr) -> String {
        format!("{}:login-failures:{ip}", self.prefix)
    }

    async fn check(&self, ip: IpAddr) -> redis::RedisResult<Result<(), Duration>> {
        let mut connection = self.connection.clone();
        let (count, ttl_ms): (Option<u32>, i64) = redis::pipe()
            .get(self.key(ip))
            .pttl(self.key(ip))
            .query_async(&mut connection)
            .await?;
        Ok(match count {
            Some(count) if count >= MAX_FAILURES => {
                Err(Duration::from_millis(ttl_ms.max(1000) as u64))
            }
            _ => Ok(()),
        })
    }

    async fn failed(&self, ip: IpAddr) -> redis::RedisResult<()> {
        let mut connection = self.connection.clone();
        let key = self.key(ip);
        // The window starts at the first failure: EXPIRE NX leaves a running one alone.
        redis::pipe()
            .atomic()
            .incr(&key, 1)
            .ignore()
            .cmd("EXPIRE")
            .arg(&key)
            .arg(WINDOW.as_secs())
            .arg("NX")
            .ignore()
            .query_async::<()>(&mut connection)
            .await
    }

    async fn succeeded(&self, ip: IpAddr) -> redis::RedisResult<()> {
        let mut connection = self.connection.clone();
        redis::cmd("DEL")
            .arg(self.key(ip))
            .query_async::<()>(&mut connection)
            .await
    }
}

/// The limit in this process. A DashMap because every login touches it for a few
/// instructions and never awaits while holding an entry.
#[derive(Clone, Default)]
struct MemoryLimiter {
    failures: Arc<DashMap<IpAddr, Failures>>,
}

struct Failures {
    count: u32,
    since: Instant,
}

impl MemoryLimiter {
    fn check(&self, ip: IpAddr) -> Result<(), Duration> {
        match self.failures.get(&ip) {
            Some(f) if f.since.elapsed() < WINDOW && f.count >= MAX_FAILURES => {
                Err(WINDOW - f.since.elapsed())
            }
            _ => Ok(()),
        }
    }

    fn failed(&self, ip: IpAddr) {
        let mut entry = self.failures.entry(ip).or_insert(Failures {
            count: 0,
            since: Instant::now(),
        });
        if entry.since.elapsed() >= WINDOW {
            entry.count = 0;
            entry.since = Instant::now();
        }
        entry.count += 1;
    }

    fn succeeded(&self, ip: IpAddr) {
        self.failures.remove(&ip);
    }

    fn sweep(&self) {
        self.failures.retain(|_, f| f.since.elapsed() < WINDOW);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn limits_after_max_failures_and_clears_on_success() {
        let limiter = LoginLimiter::default();
        let ip: IpAddr = "127.0.0.1".parse().unwrap();
        for _ in 0..MAX_FAILURES {
            assert!(limiter.check(ip).await.is_ok());
            limiter.failed(ip).await;
        }
        assert!(limiter.check(ip).await.is_err());
        let other: IpAddr = "127.0.0.2".parse().unwrap();
        assert!(limiter.check(other).await.is_ok());
        limiter.succeeded(ip).await;
        assert!(limiter.check(ip).await.is_ok());
    }
}

/// A budget of requests per key (a session, an address) in fixed one-minute windows, kept in
/// this process: each node counts its own requests.
#[derive(Clone, Default)]
pub struct RequestLimiter {
    windows: Arc<DashMap<String, (Instant, u32)>>,
}

/// The window a [`RequestLimiter`] counts in.
pub(crate) const REQUEST_WINDOW: Duration = Duration::from_secs(60);

impl RequestLimiter {
    /// Counts one request of `key`; `Err` with how long to wait when it is over `per_minute`.
    pub(crate) fn check(&self, key: &str, per_minute: u32) -> Result<(), Duration> {
        let now = Instant::now();
        let mut entry = self.windows.entry(key.to_owned()).or_insert((now, 0));
        let (started, count) = entry.value_mut();
        if now.duration_since(*started) >= REQUEST_WINDOW {
            *started = now;
            *count = 0;
        }
        if *count >= per_minute {
            return Err(REQUEST_WINDOW - now.duration_since(*started));
        }
        *count += 1;
        Ok(())
    }

    /// Forgets windows that ended, so keys of clients long gone do not pile up.
    pub(crate) fn sweep(&self) {
        let now = Instant::now();
        self.windows
            .retain(|_, (started, _)| now.duration_since(*started) < REQUEST_WINDOW);
    }
}

#[cfg(test)]
mod request_limiter_tests {
    use super::*;

    #[test]
    fn a_key_gets_its_budget_and_no_more() {
        let limiter = RequestLimiter::default();
        for _ in 0..3 {
            assert!(limiter.check("a", 3).is_ok());
        }
        assert!(limiter.check("a", 3).is_err());
        assert!(limiter.check("b", 3).is_ok(), "keys are apart");
        limiter.sweep();
        assert!(limiter.check("a", 3).is_err(), "the window has not ended");
    }
}
