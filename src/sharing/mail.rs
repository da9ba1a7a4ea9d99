//! Mail: what a share by email says, and delivering the outbox through SMTP (lettre) when
//! the server has one. A mail is in the outbox before anyone tries to send it; a node claims
//! it, sends it and marks it sent, and a failure leaves it to be tried again later, so a
//! fault loses nothing (at worst a recipient gets one mail twice, when a node stops between
//! the server's acceptance and the mark).

use std::time::Duration;

use lettre::message::header::ContentType;
use lettre::message::{Mailbox, Message};
use lettre::{Address, AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use super::store::{self, Mail, OutboxRow};
use crate::config::MailSettings;
use crate::store::{Store, now_secs};

/// The longest address a share takes (spec 002 §5 Email share).
pub(crate) const MAX_EMAIL_CHARS: usize = 100;
/// The longest message a share by email carries (spec 002 §5).
pub(crate) const MAX_MESSAGE_CHARS: usize = 255;
/// Mails one person may send in an hour.
pub(crate) const MAILS_PER_HOUR: i64 = 10;
/// How long a node holds a mail it is sending before another may try.
const CLAIM_SECS: i64 = 120;
/// How long one delivery may take.
const SEND_TIMEOUT: Duration = Duration::from_secs(20);
/// Tries before a mail is given up on (it stays in the outbox with its last error).
const MAX_ATTEMPTS: i64 = 8;
/// How often the outbox is looked through for mail that is due.
const SWEEP: Duration = Duration::from_secs(30);

/// The address, if it is one: the spec's loose pattern (text, an at sign, text, a dot, text),
/// at most [`MAX_EMAIL_CHARS`], and an address SMTP can carry (no spaces, no line breaks:
/// nothing that could start another header).
pub(crate) fn email_address(text: &str) -> Option<Address> {
    let text = text.trim();
    if text.is_empty() || text.chars().count() > MAX_EMAIL_CHARS {
        return None;
    }
    if text.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return None;
    }
    let (local, domain) = text.rsplit_once('@')?;
    let (host, tld) = domain.rsplit_once('.')?;
    if local.is_empty() || host.is_empty() || tld.is_empty() {
        return None;
    }
    text.parse().ok()
}

/// What delivering one mail came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Delivery {
    /// The SMTP server took it.
    Sent,
    /// No SMTP server is configured: it waits in the outbox.
    Kept,
    /// Another node has it, or it went already.
    Elsewhere,
    /// It failed and will be tried again.
    Retrying(String),
    /// The server refused it for good (a bad recipient, say).
    Refused(String),
}

/// Tries to deliver mail `id` now.
pub(crate) async fn deliver(
    store: &Store,
    settings: &MailSettings,
    id: i64,
) -> sqlx::Result<Delivery> {
    let Some(url) = &settings.smtp_url else {
        return Ok(Delivery::Kept);
    };
    let Some(row) = store::claim(store, id, CLAIM_SECS).await? else {
        return Ok(Delivery::Elsewhere);
    };
    let outcome = send(url, &settings.from, &row).await;
    Ok(match outcome {
        Ok(()) => {
            store::mark_sent(store, id).await?;
            tracing::info!(mail = id, "mail sent");
            Delivery::Sent
        }
        Err(SendError::Permanent(error)) => {
            store::mark_failed(store, id, &error, None).await?;
            tracing::warn!(mail = id, %error, "mail refused for good");
            Delivery::Refused(error)
        }
        Err(SendError::Transient(error)) if row.attempts >= MAX_ATTEMPTS => {
            store::mark_failed(store, id, &error, None).await?;
            tracing::warn!(mail = id, %error, "mail given up after {MAX_ATTEMPTS} tries");
            Delivery::Refused(error)
        }
        Err(SendError::Transient(error)) => {
            // 1, 2, 4… minutes, up to an hour.
            let wait = (60 << (row.attempts - 1).clamp(0, 6)).min(3600);
            store::mark_failed(store, id, &error, Some(now_secs() + wait)).await?;
            tracing::warn!(mail = id, %error, "mail failed; trying again in {wait} s");
            Delivery::Retrying(error)
        }
    })
}

enum SendError {
    Permanent(String),
    Transient(String),
}

async fn send(url: &str, from: &str, row: &OutboxRow) -> Result<(), SendError> {
    let permanent = |e: &dyn std::fmt::Display| SendError::Permanent(e.to_string());
    let from: Mailbox = from.parse().map_err(|e| permanent(&e))?;
    let to: Address = row.to_address.parse().map_err(|e| permanent(&e))?;
    let mut message = Message::builder()
        .from(from)
        .to(Mailbox::new(None, to))
        .subject(&row.subject)
        .header(ContentType::TEXT_PLAIN);
    if let Some(reply_to) = row
        .reply_to
        .as_deref()
        .and_then(|r| r.parse::<Address>().ok())
    {
        message = message.reply_to(Mailbox::new(None, reply_to));
    }
    let message = message.body(row.body.clone()).map_err(|e| permanent(&e))?;
    let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
        .map_err(|e| SendError::Transient(e.to_string()))?
        .timeout(Some(SEND_TIMEOUT))
        .build();
    match transport.send(message).await {
        Ok(_) => Ok(()),
        Err(e) if e.is_permanent() => Err(SendError::Permanent(e.to_string())),
        Err(e) => Err(SendError::Transient(e.to_string())),
    }
}

/// Delivers what is due in the outbox, now and every [`SWEEP`], while an SMTP server is
/// configured: mail whose first try failed, or whose node stopped before sending it.
pub(crate) async fn run(store: Store, settings: MailSettings) {
    if settings.smtp_url.is_none() {
        return;
    }
    let mut tick = tokio::time::interval(SWEEP);
    loop {
        tick.tick().await;
        match store::due(&store, 100).await {
            Ok(ids) => {
                for id in ids {
                    if let Err(err) = deliver(&store, &settings, id).await {
                        tracing::warn!(mail = id, error = %err, "mail delivery failed");
                    }
                }
            }
            Err(err) => tracing::warn!(error = %err, "reading the mail outbox failed"),
        }
    }
}

/// The mail of a share: who shared which post, their message, and the post's address.
pub(crate) fn share_mail(
    to: &Address,
    reply_to: Option<&str>,
    sharer: &str,
    blog: &str,
    post_link: &str,
    message: &str,
) -> Mail {
    let mut body = String::new();
    if !message.trim().is_empty() {
        body.push_str(message.trim());
        body.push_str("\n\n");
    }
    body.push_str(&format!(
        "{sharer} shared a post from {blog} with you:\n{post_link}\n"
    ));
    body.push_str(match reply_to {
        Some(_) => "\nReply to this mail to answer them.\n",
        None => "\nThis mail was sent by dashwire for them; replies go nowhere.\n",
    });
    Mail {
        to: to.to_string(),
        reply_to: reply_to.map(str::to_owned),
        subject: format!("{sharer} shared a post from {blog}"),
        body,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_loose_but_never_carry_a_header() {
        for good in ["a@b.co", "first.last+tag@example.org", " ann@example.com "] {
            assert!(email_address(good).is_some(), "{good}");
        }
        for bad in [
            "",
            "ann",
            "ann@example",
            "@example.com",
            "ann@.com",
            "ann@example.",
            "ann@example.com\r\nBcc: eve@example.com",
            "ann@example.com\nBcc:eve@example.com",
            "ann @example.com",
            &format!("{}@example.com", "a".repeat(95)),
        ] {
            assert!(email_address(bad).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn a_share_mail_says_who_and_where() {
        let to: Address = "ben@example.com".parse().unwrap();
        let mail = share_mail(
            &to,
            None,
            "ann",
            "cal",
            "http://x/blog/cal/post/1",
            " look! ",
        );
        assert_eq!(mail.subject, "ann shared a post from cal");
        assert!(mail.body.starts_with(
            "look!\n\nann shared a post from cal with you:\nhttp://x/blog/cal/post/1\n"
        ));
        assert_eq!(mail.reply_to, None);
    }
}
