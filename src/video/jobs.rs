//! The video jobs table (migration 0021): one job per uploaded video, claimed by one node at a
//! time for a lease it renews while it works. A claim is an update whose WHERE re-checks the
//! row, so two nodes asking at once cannot both get a job (PostgreSQL re-reads a row another
//! transaction changed before updating it; SQLite has one writer), and a node that stopped
//! mid-job leaves a lease that runs out, after which another node claims the job again.

use crate::posts::model::ProcessedVideo;
use crate::store::{Store, now_secs};
use crate::{with_pool, with_tx};

/// Tries a video gets before it is given up on (it stays failed, with its error, until its
/// owner asks for another try).
pub(super) const MAX_ATTEMPTS: i64 = 3;

/// Where a job is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
#[serde(rename_all = "snake_case")]
pub(super) enum JobState {
    Queued,
    Running,
    Done,
    Failed,
}

impl JobState {
    fn parse(name: &str) -> JobState {
        match name {
            "running" => JobState::Running,
            "done" => JobState::Done,
            "failed" => JobState::Failed,
            _ => JobState::Queued,
        }
    }
}

/// One job as stored.
#[derive(Debug, Clone)]
pub(super) struct Job {
    pub media_key: String,
    pub state: JobState,
    pub attempts: i64,
    pub error: String,
    pub result: Option<ProcessedVideo>,
}

type JobRow = (String, String, i64, String, Option<String>);

impl From<JobRow> for Job {
    fn from((media_key, state, attempts, error, result): JobRow) -> Job {
        Job {
            media_key,
            state: JobState::parse(&state),
            attempts,
            error,
            result: result.and_then(|r| serde_json::from_str(&r).ok()),
        }
    }
}

const COLUMNS: &str = "media_key, state, attempts, error, result";

/// The job of the upload `media_key`, made (queued) if it has none.
pub(super) async fn ensure(store: &Store, media_key: &str) -> sqlx::Result<Job> {
    const INSERT: &str = "INSERT INTO video_jobs (media_key, run_after, created_at, updated_at) \
         VALUES ($1, $2, $2, $2) ON CONFLICT (media_key) DO NOTHING";
    if let Some(job) = of_media(store, media_key).await? {
        return Ok(job);
    }
    let now = now_secs();
    let mut tx = store.begin().await?;
    with_tx!(&mut tx, conn => sqlx::query(INSERT).bind(media_key).bind(now)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    of_media(store, media_key)
        .await?
        .ok_or(sqlx::Error::RowNotFound)
}

/// The job of the upload `media_key`, if it has one.
pub(super) async fn of_media(store: &Store, media_key: &str) -> sqlx::Result<Option<Job>> {
    let sql = format!("SELECT {COLUMNS} FROM video_jobs WHERE media_key = $1");
    let row: Option<JobRow> = with_pool!(store, pool =>
        sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str())).bind(media_key).fetch_optional(pool).await)?;
    Ok(row.map(Job::from))
}

/// A job this node now holds until `lease_until`, on its `attempts`-th try.
#[derive(Debug, Clone)]
pub(super) struct Claim {
    pub id: i64,
    pub media_key: String,
    pub attempts: i64,
}

/// Why a job failed when its tries ran out in nodes that stopped (a crash, an out-of-memory
/// kill, a shutdown) rather than in ffmpeg.
const STOPPED_TOO_OFTEN: &str =
    "Processing this video stopped before it finished, 3 times (the server working on it stopped).";

/// Claims the oldest job that is due, or whose node's lease ran out, for `lease` seconds. A
/// job whose lease ran out on its last try fails instead: a video that stops its node is not
/// tried forever.
pub(super) async fn claim(store: &Store, node: &str, lease: i64) -> sqlx::Result<Option<Claim>> {
    const GIVE_UP: &str = "UPDATE video_jobs SET state = 'failed', lease_until = NULL, updated_at = $1, \
         error = CASE WHEN error = '' THEN $2 ELSE error END \
         WHERE state = 'running' AND lease_until < $1 AND attempts >= $3";
    const CLAIMABLE: &str = "((state = 'queued' AND run_after <= $1) \
         OR (state = 'running' AND lease_until < $1))";
    let sql = format!(
        "UPDATE video_jobs SET state = 'running', attempts = attempts + 1, lease_until = $2, \
         node = $3, updated_at = $1 \
         WHERE id = (SELECT id FROM video_jobs WHERE {CLAIMABLE} ORDER BY id LIMIT 1) \
         AND {CLAIMABLE} RETURNING id, media_key, attempts"
    );
    let now = now_secs();
    let mut tx = store.begin().await?;
    with_tx!(&mut tx, conn => sqlx::query(GIVE_UP).bind(now).bind(STOPPED_TOO_OFTEN)
        .bind(MAX_ATTEMPTS).execute(conn).await.map(|r| r.rows_affected()))?;
    let claimed: Option<(i64, String, i64)> = with_tx!(&mut tx, conn =>
        sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str())).bind(now).bind(now + lease).bind(node)
        .fetch_optional(conn).await)?;
    tx.commit().await?;
    Ok(claimed.map(|(id, media_key, attempts)| Claim {
        id,
        media_key,
        attempts,
    }))
}

/// Renews the claim for `lease` more seconds; false when this node no longer holds it.
pub(super) async fn renew(
    store: &Store,
    claim: &Claim,
    node: &str,
    lease: i64,
) -> sqlx::Result<bool> {
    const SQL: &str = "UPDATE video_jobs SET lease_until = $1 \
         WHERE id = $2 AND node = $3 AND attempts = $4 AND state = 'running'";
    let mut tx = store.begin().await?;
    let changed = with_tx!(&mut tx, conn => sqlx::query(SQL)
        .bind(now_secs() + lease).bind(claim.id).bind(node).bind(claim.attempts)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(changed > 0)
}

/// Records what the job made; false when this node no longer held it.
pub(super) async fn finish(
    store: &Store,
    claim: &Claim,
    node: &str,
    result: &ProcessedVideo,
) -> sqlx::Result<bool> {
    const SQL: &str = "UPDATE video_jobs SET state = 'done', result = $1, error = '', \
         lease_until = NULL, updated_at = $2 \
         WHERE id = $3 AND node = $4 AND attempts = $5 AND state = 'running'";
    let result = serde_json::to_string(result).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    let mut tx = store.begin().await?;
    let changed = with_tx!(&mut tx, conn => sqlx::query(SQL)
        .bind(&result).bind(now_secs()).bind(claim.id).bind(node).bind(claim.attempts)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(changed > 0)
}

/// Records a failed try: queued again after `retry_after × 2^(tries − 1)` seconds, or failed
/// for good after [`MAX_ATTEMPTS`]. False when this node no longer held it.
pub(super) async fn fail(
    store: &Store,
    claim: &Claim,
    node: &str,
    error: &str,
    retry_after: i64,
) -> sqlx::Result<bool> {
    const SQL: &str = "UPDATE video_jobs SET state = $1, run_after = $2, error = $3, \
         lease_until = NULL, updated_at = $4 \
         WHERE id = $5 AND node = $6 AND attempts = $7 AND state = 'running'";
    let now = now_secs();
    let state = if claim.attempts >= MAX_ATTEMPTS {
        "failed"
    } else {
        "queued"
    };
    let wait = retry_after.saturating_mul(1 << (claim.attempts - 1).clamp(0, 16));
    let mut tx = store.begin().await?;
    let changed = with_tx!(&mut tx, conn => sqlx::query(SQL)
        .bind(state).bind(now.saturating_add(wait)).bind(error).bind(now).bind(claim.id)
        .bind(node).bind(claim.attempts)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(changed > 0)
}

/// Gives a failed job its tries again, due now; false when it had not failed.
pub(super) async fn retry(store: &Store, media_key: &str) -> sqlx::Result<bool> {
    const SQL: &str = "UPDATE video_jobs SET state = 'queued', attempts = 0, run_after = $1, \
         updated_at = $1 WHERE media_key = $2 AND state = 'failed'";
    let now = now_secs();
    let mut tx = store.begin().await?;
    let changed = with_tx!(&mut tx, conn => sqlx::query(SQL).bind(now).bind(media_key)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(changed > 0)
}

/// The jobs of these uploads.
pub(super) async fn of_media_keys(store: &Store, keys: &[String]) -> sqlx::Result<Vec<Job>> {
    if keys.is_empty() {
        return Ok(Vec::new());
    }
    let marks: Vec<String> = (1..=keys.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT {COLUMNS} FROM video_jobs WHERE media_key IN ({})",
        marks.join(", ")
    );
    let rows: Vec<JobRow> = with_pool!(store, pool => {
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()));
        for key in keys {
            query = query.bind(key);
        }
        query.fetch_all(pool).await
    })?;
    Ok(rows.into_iter().map(Job::from).collect())
}
