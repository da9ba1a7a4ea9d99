//! `dashwire-loadgen seed`: bulk seeding for load tests: users with a blog and a session each, conversations between
//! pairs of them, and a "star" blog with many sessions of its owner, written in multi-row
//! inserts (thousands of rows a second) and described in a JSON file that k6 scripts and the
//! load generator read.
//!
//! Every load user shares one password hash: argon2 is deliberately slow, and hashing per
//! user would turn seconds into hours.

use std::path::Path;

use anyhow::Context;
use serde::Serialize;

use dashwire::testing::auth::password;
use dashwire::testing::auth::store::hash_token;
use dashwire::testing::messaging::store::participants_key;
use dashwire::testing::store::{Backend, Store, now_secs};
use dashwire::with_pool;

/// The password of every load user.
pub const LOAD_PASSWORD: &str = "dashwire-load";
/// Rows per multi-row insert (SQLite allows 32766 bound values; 6 columns × 1000 is far under).
const CHUNK: usize = 1000;

/// What to seed.
#[derive(Debug, Clone)]
pub struct LoadSeed {
    /// Users (each with one blog and one session), named `load-{i}`.
    pub users: usize,
    /// Extra sessions of the star blog's owner (user 0), for fan-out sockets.
    pub star_sessions: usize,
    /// How many users follow the star blog: the last ones seeded (the first ones are left
    /// to follow it in the fan-out scenario's burst).
    pub star_followers: usize,
    /// A prefix that keeps several seedings of one database apart.
    pub prefix: String,
}

/// One seeded user, as load tools need it.
#[derive(Debug, Serialize)]
pub struct SeededUser {
    pub blog: String,
    pub email: String,
    /// A session token: the `dashwire_session` cookie value, or `/ws?token=`.
    pub token: String,
    /// That session's form key, for POSTs.
    pub form_key: String,
}

/// A pair of users with a conversation between their blogs.
#[derive(Debug, Serialize)]
pub struct SeededPair {
    pub a: usize,
    pub b: usize,
    pub conversation_id: i64,
}

/// The star blog and its owner's sessions.
#[derive(Debug, Serialize)]
pub struct SeededStar {
    pub blog: String,
    pub user: usize,
    pub tokens: Vec<String>,
    /// The users who follow it: `first_follower..first_follower + followers`.
    pub first_follower: usize,
    pub followers: usize,
}

/// The file load tools read.
#[derive(Debug, Serialize)]
pub struct SeedFile {
    pub password: &'static str,
    pub users: Vec<SeededUser>,
    pub pairs: Vec<SeededPair>,
    pub star: SeededStar,
}

fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::fill(&mut buf[..]);
    hex::encode(buf)
}

/// Seeds and returns the description.
pub async fn seed(store: &Store, plan: &LoadSeed) -> anyhow::Result<SeedFile> {
    anyhow::ensure!(plan.users >= 2, "seed at least 2 users");
    anyhow::ensure!(
        plan.star_followers < plan.users,
        "the star's followers are other users: seed more users than followers"
    );
    let hash = password::hash(LOAD_PASSWORD.to_owned()).await?;
    let now = now_secs();
    let users: Vec<SeededUser> = (0..plan.users)
        .map(|i| SeededUser {
            blog: format!("{}-{i}", plan.prefix),
            email: format!("{}-{i}@load.test", plan.prefix),
            token: random_hex(32),
            form_key: random_hex(16),
        })
        .collect();
    let star_tokens: Vec<String> = (0..plan.star_sessions).map(|_| random_hex(32)).collect();

    let user_ids = insert_users(store, &users, &hash, now).await?;
    let blog_ids = insert_blogs(store, &users, &user_ids, now).await?;
    insert_sessions(store, &users, &user_ids, &star_tokens, now).await?;
    let pairs = insert_conversations(store, &blog_ids, now).await?;
    let first_follower = plan.users - plan.star_followers;
    insert_star_follows(
        store,
        &user_ids[first_follower..],
        &blog_ids,
        first_follower,
        now,
    )
    .await?;
    analyze(store).await?;
    Ok(SeedFile {
        password: LOAD_PASSWORD,
        users,
        pairs,
        star: SeededStar {
            blog: format!("{}-0", plan.prefix),
            user: 0,
            tokens: star_tokens,
            first_follower,
            followers: plan.star_followers,
        },
    })
}

/// Writes the description as JSON.
pub fn write(file: &SeedFile, path: &Path) -> anyhow::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let json = serde_json::to_vec(file)?;
    std::fs::write(path, json).with_context(|| format!("writing {}", path.display()))
}

async fn insert_users(
    store: &Store,
    users: &[SeededUser],
    hash: &str,
    now: i64,
) -> sqlx::Result<Vec<i64>> {
    let mut ids = Vec::with_capacity(users.len());
    for chunk in users.chunks(CHUNK) {
        let mut chunk_ids: Vec<(i64,)> = write_in_tx!(store, pool => {
            let mut q = sqlx::QueryBuilder::new("INSERT INTO users (email, password_hash, created_at) ");
            q.push_values(chunk, |mut row, user| {
                row.push_bind(&user.email).push_bind(hash).push_bind(now);
            });
            q.push(" RETURNING id");
            q.build_query_as().fetch_all(pool).await
        })?;
        chunk_ids.sort_unstable();
        ids.extend(chunk_ids.into_iter().map(|(id,)| id));
    }
    Ok(ids)
}

async fn insert_blogs(
    store: &Store,
    users: &[SeededUser],
    user_ids: &[i64],
    now: i64,
) -> sqlx::Result<Vec<i64>> {
    let mut ids = Vec::with_capacity(users.len());
    let rows: Vec<(&SeededUser, i64)> = users.iter().zip(user_ids.iter().copied()).collect();
    for chunk in rows.chunks(CHUNK) {
        let mut chunk_ids: Vec<(i64,)> = write_in_tx!(store, pool => {
            let mut q = sqlx::QueryBuilder::new(
                "INSERT INTO blogs (user_id, name, title, position, is_primary, created_at) ",
            );
            q.push_values(chunk, |mut row, (user, user_id)| {
                row.push_bind(*user_id).push_bind(&user.blog).push_bind(&user.blog)
                    .push_bind(0i64).push_bind(true).push_bind(now);
            });
            q.push(" RETURNING id");
            q.build_query_as().fetch_all(pool).await
        })?;
        chunk_ids.sort_unstable();
        ids.extend(chunk_ids.into_iter().map(|(id,)| id));
    }
    const CURRENT: &str = "UPDATE users SET current_blog_id = \
         (SELECT b.id FROM blogs b WHERE b.user_id = users.id AND b.is_primary = TRUE) \
         WHERE id >= $1 AND id <= $2";
    let (first, last) = (user_ids[0], user_ids[user_ids.len() - 1]);
    write_in_tx!(store, pool => sqlx::query(CURRENT).bind(first).bind(last).execute(pool).await.map(|_| ()))?;
    Ok(ids)
}

/// The users from `first` on follow the star blog (user 0's), each as their own blog.
async fn insert_star_follows(
    store: &Store,
    followers: &[i64],
    blog_ids: &[i64],
    first: usize,
    now: i64,
) -> sqlx::Result<()> {
    let rows: Vec<(i64, i64)> = followers
        .iter()
        .zip(&blog_ids[first..])
        .map(|(&user, &via)| (user, via))
        .collect();
    for chunk in rows.chunks(CHUNK) {
        write_in_tx!(store, pool => {
            let mut q = sqlx::QueryBuilder::new(
                "INSERT INTO follows (user_id, blog_id, via_blog_id, created_at) ",
            );
            q.push_values(chunk, |mut row, (user, via)| {
                row.push_bind(*user).push_bind(blog_ids[0]).push_bind(*via).push_bind(now);
            });
            q.build().execute(pool).await.map(|_| ())
        })?;
    }
    Ok(())
}

async fn insert_sessions(
    store: &Store,
    users: &[SeededUser],
    user_ids: &[i64],
    star_tokens: &[String],
    now: i64,
) -> sqlx::Result<()> {
    let mut rows: Vec<(String, i64, String)> = users
        .iter()
        .zip(user_ids)
        .map(|(u, &id)| (hash_token(&u.token), id, u.form_key.clone()))
        .collect();
    rows.extend(
        star_tokens
            .iter()
            .map(|t| (hash_token(t), user_ids[0], users[0].form_key.clone())),
    );
    for chunk in rows.chunks(CHUNK) {
        write_in_tx!(store, pool => {
            let mut q = sqlx::QueryBuilder::new(
                "INSERT INTO sessions (token_hash, user_id, form_key, created_at, last_seen_at) ",
            );
            q.push_values(chunk, |mut row, (hash, user_id, form_key)| {
                row.push_bind(hash).push_bind(*user_id).push_bind(form_key).push_bind(now).push_bind(now);
            });
            q.build().execute(pool).await.map(|_| ())
        })?;
    }
    Ok(())
}

/// A conversation between the blogs of users 2i and 2i+1 (from user 2 on; user 0 is the
/// star and user 1 is left free).
async fn insert_conversations(
    store: &Store,
    blog_ids: &[i64],
    now: i64,
) -> sqlx::Result<Vec<SeededPair>> {
    let pairs: Vec<(usize, usize)> = (1..blog_ids.len() / 2)
        .map(|i| (2 * i, 2 * i + 1))
        .collect();
    let mut out = Vec::with_capacity(pairs.len());
    let now_ms = now * 1000;
    for chunk in pairs.chunks(CHUNK) {
        let keys: Vec<String> = chunk
            .iter()
            .map(|&(a, b)| participants_key(&[blog_ids[a], blog_ids[b]]))
            .collect();
        let mut ids: Vec<(i64, String)> = write_in_tx!(store, pool => {
            let mut q = sqlx::QueryBuilder::new(
                "INSERT INTO conversations (participants_key, last_modified_ms, created_at) ",
            );
            q.push_values(&keys, |mut row, key| {
                row.push_bind(key).push_bind(now_ms).push_bind(now);
            });
            q.push(" RETURNING id, participants_key");
            q.build_query_as().fetch_all(pool).await
        })?;
        ids.sort_by(|x, y| {
            keys.iter()
                .position(|k| *k == x.1)
                .cmp(&keys.iter().position(|k| *k == y.1))
        });
        let members: Vec<(i64, i64)> = chunk
            .iter()
            .zip(&ids)
            .flat_map(|(&(a, b), (id, _))| [(*id, blog_ids[a]), (*id, blog_ids[b])])
            .collect();
        write_in_tx!(store, pool => {
            let mut q = sqlx::QueryBuilder::new(
                "INSERT INTO conversation_participants (conversation_id, blog_id, last_read_ms) ",
            );
            q.push_values(&members, |mut row, (conversation, blog)| {
                row.push_bind(*conversation).push_bind(*blog).push_bind(now_ms);
            });
            q.build().execute(pool).await.map(|_| ())
        })?;
        out.extend(chunk.iter().zip(&ids).map(|(&(a, b), (id, _))| SeededPair {
            a,
            b,
            conversation_id: *id,
        }));
    }
    Ok(out)
}

/// Tells the planner the tables' sizes after a bulk load, which leaves its statistics
/// describing empty tables: PostgreSQL then plans participant lookups as scans of every blog
/// (1.4 ms instead of 0.03 ms), and nothing corrects it where autovacuum is off, as on this
/// machine's PostgreSQL.
///
/// On SQLite only the row counts (`sqlite_stat1`) are kept. With the value samples of
/// `sqlite_stat4` (this build of SQLite has STAT4), a statement whose plan could turn on a
/// bound value is prepared again every time it runs with a new one: two of a message send's
/// statements were, a third of the writer thread's time in chat (loadtest/RESULTS.md §10),
/// a cost no database that never ran ANALYZE pays.
pub async fn analyze(store: &Store) -> anyhow::Result<()> {
    write_in_tx!(store, pool => sqlx::query("ANALYZE").execute(pool).await.map(drop))?;
    if store.backend() == Backend::Sqlite {
        const STAT4: &str = "SELECT COUNT(*) FROM sqlite_schema WHERE name = 'sqlite_stat4'";
        let has_stat4: i64 =
            with_pool!(store, pool => sqlx::query_scalar(STAT4).fetch_one(pool).await)?;
        if has_stat4 > 0 {
            write_in_tx!(store, pool => sqlx::query("DELETE FROM sqlite_stat4").execute(pool).await.map(drop))?;
        }
    }
    Ok(())
}
