//! A visitor's session, got the way a browser gets one: `GET /svc/user/info` without a
//! cookie makes the server start a visitor session and hand it over in `Set-Cookie`; the
//! socket then opens `/ws` with that cookie (the upgrade reads the session from it, as for
//! any request).
//!
//! The call is plain HTTP/1.1 on a connection of its own from the socket's source address,
//! with `Connection: close`: the server closes it once it has answered, so what a run
//! measures is the sockets and their sessions, not idle keep-alive connections.

use std::net::{IpAddr, SocketAddr};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpSocket;

/// The cookie the server set for a new visitor session.
const SESSION_COOKIE: &str = "dashwire_session";
/// An answer larger than this is not `/svc/user/info`'s.
const MAX_ANSWER_BYTES: usize = 64 * 1024;

/// Starts a visitor session on `server` from `source`; answers the `Cookie` header value
/// that carries it (`dashwire_session=…`).
pub async fn session_cookie(server: SocketAddr, source: IpAddr) -> anyhow::Result<String> {
    let socket = match source {
        IpAddr::V4(_) => TcpSocket::new_v4()?,
        IpAddr::V6(_) => TcpSocket::new_v6()?,
    };
    socket.bind(SocketAddr::new(source, 0))?;
    let mut stream = socket.connect(server).await?;
    let request = format!(
        "GET /svc/user/info HTTP/1.1\r\nHost: {server}\r\nAccept: application/json\r\n\
         Connection: close\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await?;
    let mut answer = Vec::with_capacity(1024);
    // The server closes the connection after the answer (`Connection: close`).
    (&mut stream)
        .take(MAX_ANSWER_BYTES as u64)
        .read_to_end(&mut answer)
        .await?;
    let head_end = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| anyhow::anyhow!("/svc/user/info: no complete answer"))?;
    let head = std::str::from_utf8(&answer[..head_end])?;
    cookie_from_head(head)
}

/// The session cookie (`name=value`, without its attributes) set by an HTTP answer's head,
/// which must be a 200.
fn cookie_from_head(head: &str) -> anyhow::Result<String> {
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap_or_default();
    anyhow::ensure!(
        status.split(' ').nth(1) == Some("200"),
        "/svc/user/info answered {status:?}"
    );
    lines
        .filter_map(|line| line.split_once(':'))
        .filter(|(name, _)| name.trim().eq_ignore_ascii_case("set-cookie"))
        .filter_map(|(_, value)| value.split(';').next())
        .map(str::trim)
        .find(|pair| {
            pair.split_once('=')
                .is_some_and(|(name, value)| name == SESSION_COOKIE && !value.is_empty())
        })
        .map(str::to_owned)
        .ok_or_else(|| anyhow::anyhow!("/svc/user/info set no {SESSION_COOKIE} cookie"))
}

#[cfg(test)]
mod tests {
    use super::cookie_from_head;

    #[test]
    fn takes_the_session_cookie_without_its_attributes() {
        let head = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\
                    Set-Cookie: other=1; Path=/\r\n\
                    set-cookie: dashwire_session=ab12; Path=/; HttpOnly; SameSite=Lax\r\n\
                    content-length: 80";
        assert_eq!(cookie_from_head(head).unwrap(), "dashwire_session=ab12");
    }

    #[test]
    fn a_refusal_or_an_answer_without_the_cookie_is_an_error() {
        assert!(cookie_from_head("HTTP/1.1 500 Internal Server Error\r\n").is_err());
        // A caller who already had a session gets no new cookie.
        assert!(cookie_from_head("HTTP/1.1 200 OK\r\ncontent-length: 2").is_err());
        assert!(
            cookie_from_head("HTTP/1.1 200 OK\r\nset-cookie: dashwire_session=; Max-Age=0")
                .is_err()
        );
    }
}
