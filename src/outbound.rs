//! Fetching what a user hands the server a URL for (an image to upload, a page's OpenGraph
//! data) without letting that URL reach inside: no private, loopback or link-local address
//! is ever connected to, whether the URL names it, a DNS name resolves to it, or a redirect
//! leads there. Bounded in time and size. (`--allow-private-fetch` lifts the address rule
//! for tests that serve pages on 127.0.0.1.) Also the one way to call the services the
//! operator configures (GIPHY, Spotify, SoundCloud): [`service_json`].

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::redirect;

/// How long a fetch may take in all.
const TIMEOUT: Duration = Duration::from_secs(10);
/// How long connecting may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
/// Redirects followed at most.
const MAX_REDIRECTS: usize = 3;

/// Why a fetch did not give a body.
#[derive(Debug, thiserror::Error)]
pub(crate) enum FetchError {
    #[error("That address is not on the web.")]
    NotAllowed,
    #[error("Only http and https URLs can be fetched.")]
    BadUrl,
    #[error("The file is larger than {0} bytes.")]
    TooLarge(usize),
    #[error("The server answered {0}.")]
    Status(u16),
    #[error("The address could not be reached.")]
    Unreachable,
}

/// What came back.
#[derive(Debug)]
pub(crate) struct Fetched {
    pub body: Vec<u8>,
    /// Where the body came from after redirects.
    pub url: url::Url,
}

/// Fetches URLs with the address rule; cheap to clone.
#[derive(Clone)]
pub struct Fetcher {
    client: reqwest::Client,
    allow_private: bool,
}

impl Fetcher {
    /// A fetcher; `allow_private` lets it reach private, loopback and link-local addresses
    /// (for tests only).
    pub fn new(allow_private: bool) -> Fetcher {
        let policy = redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() >= MAX_REDIRECTS {
                attempt.error("too many redirects")
            } else if !allow_private && names_private_ip(attempt.url()) {
                attempt.error("redirect to a private address")
            } else {
                attempt.follow()
            }
        });
        let client = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .connect_timeout(CONNECT_TIMEOUT)
            .redirect(policy)
            .user_agent("dashwire (link previews and image uploads)")
            .dns_resolver(Arc::new(PublicOnly { allow_private }))
            .build()
            .expect("an HTTP client with rustls");
        Fetcher {
            client,
            allow_private,
        }
    }

    /// GETs `raw` and reads at most `max_bytes` of its body.
    pub(crate) async fn get(&self, raw: &str, max_bytes: usize) -> Result<Fetched, FetchError> {
        let url = url::Url::parse(raw.trim()).map_err(|_| FetchError::BadUrl)?;
        if !matches!(url.scheme(), "http" | "https") || url.host().is_none() {
            return Err(FetchError::BadUrl);
        }
        // An IP written in the URL is never resolved, so the resolver cannot refuse it.
        if !self.allow_private && names_private_ip(&url) {
            return Err(FetchError::NotAllowed);
        }
        let mut response = self.client.get(url).send().await.map_err(|err| {
            if is_refusal(&err) {
                FetchError::NotAllowed
            } else {
                FetchError::Unreachable
            }
        })?;
        if !response.status().is_success() {
            return Err(FetchError::Status(response.status().as_u16()));
        }
        if response
            .content_length()
            .is_some_and(|n| n > max_bytes as u64)
        {
            return Err(FetchError::TooLarge(max_bytes));
        }
        let url = response.url().clone();
        let mut body = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|_| FetchError::Unreachable)?
        {
            if body.len() + chunk.len() > max_bytes {
                return Err(FetchError::TooLarge(max_bytes));
            }
            body.extend_from_slice(&chunk);
        }
        Ok(Fetched { body, url })
    }
}

/// Whether the error came from our address rule (the resolver or the redirect policy).
fn is_refusal(err: &reqwest::Error) -> bool {
    let mut source: Option<&dyn std::error::Error> = Some(err);
    while let Some(e) = source {
        let text = e.to_string();
        if text.contains("private address") {
            return true;
        }
        source = e.source();
    }
    false
}

/// Whether the URL's host is an IP literal that is not public.
fn names_private_ip(url: &url::Url) -> bool {
    match url.host() {
        Some(url::Host::Ipv4(ip)) => !is_public(IpAddr::V4(ip)),
        Some(url::Host::Ipv6(ip)) => !is_public(IpAddr::V6(ip)),
        _ => false,
    }
}

/// A resolver that answers only public addresses.
struct PublicOnly {
    allow_private: bool,
}

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let allow_private = self.allow_private;
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let found: Vec<SocketAddr> =
                tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let allowed: Vec<SocketAddr> = found
                .into_iter()
                .filter(|addr| allow_private || is_public(addr.ip()))
                .collect();
            if allowed.is_empty() {
                let refused: Box<dyn std::error::Error + Send + Sync> =
                    format!("{host} resolves only to a private address").into();
                return Err(refused);
            }
            Ok(Box::new(allowed.into_iter()) as Addrs)
        })
    }
}

/// Whether an address is on the public internet: not loopback, private, link-local,
/// shared (carrier NAT), unspecified, broadcast, multicast or documentation space, in IPv4
/// or IPv6 (including IPv4 addresses written as IPv6).
pub(crate) fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..=127).contains(&b))
        || (a == 192 && b == 0 && c == 0)
        || (a == 198 && (18..=19).contains(&b))
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00 // unique local
        || (first & 0xffc0) == 0xfe80 // link-local
        || first == 0x2001 && ip.segments()[1] == 0x0db8) // documentation
}

/// Sends a request to a service the operator configured and decodes its JSON answer. An
/// error never names the URL: a service's address carries its key or what a user searched
/// for, and errors are logged.
pub(crate) async fn service_json<T: serde::de::DeserializeOwned>(
    request: reqwest::RequestBuilder,
) -> Result<T, reqwest::Error> {
    request
        .send()
        .await
        .and_then(reqwest::Response::error_for_status)
        .map_err(reqwest::Error::without_url)?
        .json()
        .await
        .map_err(reqwest::Error::without_url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_addresses_are_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "255.255.255.255",
            "::1",
            "fe80::1",
            "fd00::1",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
            "::",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in [
            "93.184.216.34",
            "8.8.8.8",
            "2606:2800:220:1:248:1893:25c8:1946",
        ] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[tokio::test]
    async fn private_addresses_are_refused_however_they_are_written() {
        let fetcher = Fetcher::new(false);
        for url in [
            "http://127.0.0.1:1/",
            "http://[::1]:1/",
            "http://169.254.169.254/latest/meta-data/",
            "http://localhost:1/",
            "http://2130706433/",
        ] {
            let err = fetcher.get(url, 1024).await.unwrap_err();
            assert!(matches!(err, FetchError::NotAllowed), "{url}: {err:?}");
        }
        assert!(matches!(
            fetcher.get("file:///etc/passwd", 10).await,
            Err(FetchError::BadUrl)
        ));
        assert!(matches!(
            fetcher.get("gopher://x/", 10).await,
            Err(FetchError::BadUrl)
        ));
    }

    /// A one-shot HTTP server on 127.0.0.1 answering `response` to the first request.
    async fn serve_once(response: &'static str) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            use tokio::io::{AsyncReadExt, AsyncWriteExt};
            if let Ok((mut socket, _)) = listener.accept().await {
                let mut buf = [0u8; 1024];
                let _ = socket.read(&mut buf).await;
                let _ = socket.write_all(response.as_bytes()).await;
            }
        });
        format!("http://{addr}/")
    }

    #[tokio::test]
    async fn bodies_are_read_up_to_their_cap() {
        let open = Fetcher::new(true);
        let url = serve_once("HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhello").await;
        assert_eq!(open.get(&url, 100).await.unwrap().body, b"hello");
        let url = serve_once("HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhello").await;
        assert!(matches!(
            open.get(&url, 4).await,
            Err(FetchError::TooLarge(4))
        ));
        let url = serve_once("HTTP/1.1 200 OK\r\n\r\nno length, too long").await;
        assert!(matches!(
            open.get(&url, 4).await,
            Err(FetchError::TooLarge(4))
        ));
    }

    #[test]
    fn redirect_targets_are_checked_like_urls() {
        // The redirect policy refuses a hop whose host is a private IP literal; a hop to a
        // name goes through the resolver, which refuses private answers.
        for target in [
            "http://169.254.169.254/",
            "http://[fd00::1]/",
            "http://10.0.0.1:8080/x",
        ] {
            assert!(names_private_ip(&target.parse().unwrap()), "{target}");
        }
        assert!(!names_private_ip(&"https://example.com/".parse().unwrap()));
    }
}
