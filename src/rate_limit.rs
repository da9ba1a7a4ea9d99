//! Failed-login limiting per client address, in memory.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use dashmap::DashMap;

/// Failed logins allowed from one address within [`WINDOW`].
pub const MAX_FAILURES: u32 = 10;
/// How long failures are remembered.
pub const WINDOW: Duration = Duration::from_secs(15 * 60);

/// Counts failed logins per address. A DashMap because every login touches it for a few
/// instructions and never awaits while holding an entry.
#[derive(Clone, Default)]
pub struct LoginLimiter {
    failures: Arc<DashMap<IpAddr, Failures>>,
}

struct Failures {
    count: u32,
    since: Instant,
}

impl LoginLimiter {
    /// `Err(wait)` when `ip` has failed too often and must wait `wait` before trying again.
    pub fn check(&self, ip: IpAddr) -> Result<(), Duration> {
        match self.failures.get(&ip) {
            Some(f) if f.since.elapsed() < WINDOW && f.count >= MAX_FAILURES => {
                Err(WINDOW - f.since.elapsed())
            }
            _ => Ok(()),
        }
    }

    /// Records one failed login from `ip`.
    pub fn failed(&self, ip: IpAddr) {
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

    /// A successful login clears the address's failures.
    pub fn succeeded(&self, ip: IpAddr) {
        self.failures.remove(&ip);
    }

    /// Drops windows that have expired, so the map does not grow without bound.
    pub fn sweep(&self) {
        self.failures.retain(|_, f| f.since.elapsed() < WINDOW);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_after_max_failures_and_clears_on_success() {
        let limiter = LoginLimiter::default();
        let ip: IpAddr = "127.0.0.1".parse().unwrap();
        for _ in 0..MAX_FAILURES {
            assert!(limiter.check(ip).is_ok());
            limiter.failed(ip);
        }
        assert!(limiter.check(ip).is_err());
        let other: IpAddr = "127.0.0.2".parse().unwrap();
        assert!(limiter.check(other).is_ok());
        limiter.succeeded(ip);
        assert!(limiter.check(ip).is_ok());
    }
}
