//! Sharing's rows: each share call against its post, and the mail outbox (migrations 0019).
//! A share by email writes both in one transaction, so a mail asked for is never lost.

use crate::store::{Store, now_secs};
use crate::{with_pool, with_tx};

/// Where a post was shared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Network {
    Email,
    Twitter,
    Facebook,
    Pinterest,
    Reddit,
}

impl Network {
    pub(crate) const ALL: [Network; 5] = [
        Network::Email,
        Network::Twitter,
        Network::Facebook,
        Network::Pinterest,
        Network::Reddit,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Network::Email => "email",
            Network::Twitter => "twitter",
            Network::Facebook => "facebook",
            Network::Pinterest => "pinterest",
            Network::Reddit => "reddit",
        }
    }

    pub(crate) fn parse(name: &str) -> Option<Network> {
        Network::ALL.into_iter().find(|n| n.name() == name)
    }
}

/// A mail to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Mail {
    pub to: String,
    pub reply_to: Option<String>,
    pub subject: String,
    pub body: String,
}

/// A mail in the outbox.
#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct OutboxRow {
    pub id: i64,
    pub post_id: Option<i64>,
    pub to_address: String,
    pub reply_to: Option<String>,
    pub subject: String,
    pub body: String,
    pub created_at: i64,
    pub sent_at: Option<i64>,
    pub attempts: i64,
    pub last_error: String,
}

const INSERT_SHARE: &str = "INSERT INTO post_shares (post_id, user_id, network, fallback, created_at) \
     VALUES ($1, $2, $3, $4, $5)";

/// Records a share of `post_id` on `network` (`fallback`: through a share window or the
/// person's own mail client rather than the popover's form).
pub(crate) async fn record_share(
    store: &Store,
    post_id: i64,
    user_id: Option<i64>,
    network: Network,
    fallback: bool,
) -> sqlx::Result<()> {
    let mut tx = store.begin().await?;
    with_tx!(&mut tx, conn => sqlx::query(INSERT_SHARE)
        .bind(post_id).bind(user_id).bind(network.name()).bind(fallback).bind(now_secs())
        .execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await
}

/// Records a share by email and puts its mail in the outbox, in one transaction; answers the
/// mail's id.
pub(crate) async fn share_by_email(
    store: &Store,
    post_id: i64,
    user_id: i64,
    mail: &Mail,
) -> sqlx::Result<i64> {
    const OUTBOX: &str = "INSERT INTO mail_outbox (user_id, post_id, to_address, reply_to, subject, \
         body, created_at, next_attempt_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id";
    let now = now_secs();
    let mut tx = store.begin().await?;
    with_tx!(&mut tx, conn => sqlx::query(INSERT_SHARE)
        .bind(post_id).bind(user_id).bind(Network::Email.name()).bind(false).bind(now)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    let (id,): (i64,) = with_tx!(&mut tx, conn => sqlx::query_as(OUTBOX)
        .bind(user_id).bind(post_id).bind(&mail.to).bind(&mail.reply_to).bind(&mail.subject)
        .bind(&mail.body).bind(now)
        .fetch_one(conn).await)?;
    tx.commit().await?;
    Ok(id)
}

/// How many mails `user_id` asked for since `since` (unix seconds).
pub(crate) async fn mail_since(store: &Store, user_id: i64, since: i64) -> sqlx::Result<i64> {
    const SQL: &str = "SELECT COUNT(*) FROM mail_outbox WHERE user_id = $1 AND created_at >= $2";
    let (n,): (i64,) = with_pool!(store, pool =>
        sqlx::query_as(SQL).bind(user_id).bind(since).fetch_one(pool).await)?;
    Ok(n)
}

/// Claims mail `id` for delivery if it is due and unsent: the claim holds it for `hold`
/// seconds (another node leaves it alone meanwhile) and counts the attempt.
pub(crate) async fn claim(store: &Store, id: i64, hold: i64) -> sqlx::Result<Option<OutboxRow>> {
    const CLAIM: &str = "UPDATE mail_outbox SET next_attempt_at = $2, attempts = attempts + 1 \
         WHERE id = $1 AND sent_at IS NULL AND next_attempt_at <= $3";
    let now = now_secs();
    let mut tx = store.begin().await?;
    let claimed = with_tx!(&mut tx, conn => sqlx::query(CLAIM)
        .bind(id).bind(now + hold).bind(now)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    if claimed == 0 {
        return Ok(None);
    }
    mail(store, id).await
}

/// One mail of the outbox.
pub(crate) async fn mail(store: &Store, id: i64) -> sqlx::Result<Option<OutboxRow>> {
    const SQL: &str = "SELECT id, post_id, to_address, reply_to, subject, body, created_at, \
         sent_at, attempts, last_error FROM mail_outbox WHERE id = $1";
    with_pool!(store, pool => sqlx::query_as(SQL).bind(id).fetch_optional(pool).await)
}

/// The ids of unsent mail that is due, oldest first.
pub(crate) async fn due(store: &Store, limit: i64) -> sqlx::Result<Vec<i64>> {
    const SQL: &str = "SELECT id FROM mail_outbox WHERE sent_at IS NULL AND next_attempt_at <= $1 \
         ORDER BY id LIMIT $2";
    let rows: Vec<(i64,)> = with_pool!(store, pool =>
        sqlx::query_as(SQL).bind(now_secs()).bind(limit).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// The mail went out.
pub(crate) async fn mark_sent(store: &Store, id: i64) -> sqlx::Result<()> {
    const SQL: &str = "UPDATE mail_outbox SET sent_at = $2, last_error = '' WHERE id = $1";
    let mut tx = store.begin().await?;
    with_tx!(&mut tx, conn => sqlx::query(SQL).bind(id).bind(now_secs())
        .execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await
}

/// Delivery failed with `error`; the next try is `retry_at` (unix seconds), or never.
pub(crate) async fn mark_failed(
    store: &Store,
    id: i64,
    error: &str,
    retry_at: Option<i64>,
) -> sqlx::Result<()> {
    const SQL: &str = "UPDATE mail_outbox SET last_error = $2, next_attempt_at = $3 WHERE id = $1";
    // A mail given up on stays in the outbox, unsent, never due again.
    let next = retry_at.unwrap_or(i64::MAX);
    let mut tx = store.begin().await?;
    with_tx!(&mut tx, conn => sqlx::query(SQL).bind(id).bind(error).bind(next)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await
}

/// The newest mail of the outbox, sent or not, for administrators.
pub(crate) async fn outbox(store: &Store, limit: i64) -> sqlx::Result<Vec<OutboxRow>> {
    const SQL: &str = "SELECT id, post_id, to_address, reply_to, subject, body, created_at, \
         sent_at, attempts, last_error FROM mail_outbox ORDER BY id DESC LIMIT $1";
    with_pool!(store, pool => sqlx::query_as(SQL).bind(limit).fetch_all(pool).await)
}
