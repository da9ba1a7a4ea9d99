//! The SQLite and PostgreSQL migrations are kept by hand side by side; one query text serves
//! both backends only while they make the same tables with the same columns. The one
//! difference by design is search's index, each database's own engine (migrations 0018): an
//! FTS5 table and its shadow tables on SQLite, a generated tsvector column on PostgreSQL.
//! The migrations that rebuild or backfill a table keep what a running database holds.

mod common;

use std::collections::BTreeSet;

use common::{Kind, TestDb};
use dashwire::testing::store::Store;
use sqlx::Connection;

/// Every (table, column) of a freshly migrated database, sqlx's own bookkeeping left out.
async fn schema(kind: Kind) -> BTreeSet<(String, String)> {
    const SQLITE: &str = "SELECT m.name, c.name FROM sqlite_master m, pragma_table_info(m.name) c \
         WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> '_sqlx_migrations'";
    const POSTGRES: &str = "SELECT c.table_name::text, c.column_name::text \
         FROM information_schema.columns c JOIN information_schema.tables t \
         ON t.table_schema = c.table_schema AND t.table_name = c.table_name \
         WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' \
         AND c.table_name <> '_sqlx_migrations'";
    let db = TestDb::new(kind).await;
    let store = Store::connect(&db.url, 2)
        .await
        .unwrap_or_else(|e| panic!("{kind:?}: {e:#}"));
    store.close().await;
    let rows: Vec<(String, String)> = match kind {
        Kind::Sqlite => {
            let mut conn = sqlx::SqliteConnection::connect(&db.url).await.unwrap();
            sqlx::query_as(SQLITE).fetch_all(&mut conn).await.unwrap()
        }
        Kind::Postgres => {
            let mut conn = sqlx::PgConnection::connect(&db.url).await.unwrap();
            sqlx::query_as(POSTGRES).fetch_all(&mut conn).await.unwrap()
        }
    };
    db.cleanup().await;
    rows.into_iter().collect()
}

#[tokio::test]
async fn sqlite_and_postgresql_migrate_to_the_same_tables_and_columns() {
    let sqlite = schema(Kind::Sqlite).await;
    let postgres = schema(Kind::Postgres).await;
    assert!(
        sqlite.iter().any(|(table, _)| table == "events"),
        "the SQLite schema was read: {sqlite:?}"
    );
    let only = |a: &BTreeSet<(String, String)>, b: &BTreeSet<(String, String)>| {
        a.difference(b)
            .map(|(table, column)| format!("{table}.{column}"))
            .collect::<Vec<_>>()
    };
    let (mut only_sqlite, mut only_postgres) = (only(&sqlite, &postgres), only(&postgres, &sqlite));
    let fts5 = [
        "posts_fts",
        "posts_fts_config",
        "posts_fts_data",
        "posts_fts_docsize",
        "posts_fts_idx",
    ];
    let engines = only_sqlite
        .iter()
        .filter(|c| fts5.contains(&c.split('.').next().unwrap_or("")))
        .count();
    assert_eq!(engines, 11, "SQLite's FTS5 index: {only_sqlite:?}");
    only_sqlite.retain(|c| !fts5.contains(&c.split('.').next().unwrap_or("")));
    only_postgres.retain(|c| c != "posts.search_vector");
    assert!(
        only_sqlite.is_empty() && only_postgres.is_empty(),
        "the migrations make different schemas; only on SQLite: {only_sqlite:?}; \
         only on PostgreSQL: {only_postgres:?}"
    );
}

/// Runs `$body` with `$pool` a pool of the test database `$db`, of kind `$kind`.
macro_rules! on_pool {
    ($db:expr, $kind:expr, |$pool:ident| $body:block) => {
        match $kind {
            Kind::Sqlite => {
                let options =
                    <sqlx::sqlite::SqliteConnectOptions as std::str::FromStr>::from_str(&$db.url)
                        .unwrap()
                        .create_if_missing(true);
                let $pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
                $body;
                $pool.close().await;
            }
            Kind::Postgres => {
                let $pool = sqlx::PgPool::connect(&$db.url).await.unwrap();
                $body;
                $pool.close().await;
            }
        }
    };
}

/// What a database migrated to 0024 held, after 0025 (queue places), 0026 (reports without
/// their post's foreign key, which SQLite builds again) and 0027 (notes likewise): the queue
/// keeps its order and the blog its last place, every report and note stays with its id, and
/// the ids go on from where they were rather than from the highest left.
#[tokio::test]
async fn the_rebuilt_and_backfilled_tables_keep_what_they_held() {
    const BEFORE: [&str; 12] = [
        "INSERT INTO users (id, email, password_hash, created_at) VALUES (1, 'a@example.com', 'h', 0)",
        "INSERT INTO blogs (id, user_id, name, title, position, created_at) VALUES (1, 1, 'ann', 'Ann', 0, 0)",
        // Two queued posts, written in the order 2, 3; a scheduled one; a published one.
        "INSERT INTO posts (id, blog_id, type, state, created_at) VALUES (2, 1, 'text', 'queued', 0)",
        "INSERT INTO posts (id, blog_id, type, state, created_at) VALUES (3, 1, 'text', 'queued', 0)",
        "INSERT INTO posts (id, blog_id, type, state, created_at) VALUES (4, 1, 'text', 'scheduled', 0)",
        "INSERT INTO posts (id, blog_id, type, state, created_at, summary) VALUES (5, 1, 'text', 'published', 0, 'Buy pills')",
        "INSERT INTO reports (id, reporter_user_id, reporter_blog_id, reported_blog_id, post_id, reason, created_at) VALUES (7, 1, 1, 1, 5, 'spam', 0)",
        "INSERT INTO reports (id, reporter_user_id, reporter_blog_id, reported_blog_id, reason, created_at) VALUES (8, 1, 1, 1, 'spam', 0)",
        "DELETE FROM reports WHERE id = 8",
        "INSERT INTO notes (id, root_id, post_id, type, blog_id, user_id, created_at) VALUES (11, 5, 5, 'like', 1, 1, 0)",
        "INSERT INTO notes (id, root_id, post_id, type, blog_id, user_id, created_at) VALUES (12, 5, 5, 'reply', 1, 1, 0)",
        "DELETE FROM notes WHERE id = 12",
    ];
    for kind in common::BOTH {
        let db = TestDb::new(kind).await;
        let dir = match kind {
            Kind::Sqlite => "migrations/sqlite",
            Kind::Postgres => "migrations/postgres",
        };
        let migrator = sqlx::migrate::Migrator::new(std::path::Path::new(dir))
            .await
            .unwrap();
        on_pool!(db, kind, |pool| {
            migrator.run_to(24, &pool).await.unwrap();
            for sql in BEFORE {
                sqlx::query(sqlx::AssertSqlSafe(sql))
                    .execute(&pool)
                    .await
                    .unwrap_or_else(|e| panic!("{kind:?}: {sql}: {e}"));
            }
            if matches!(kind, Kind::Postgres) {
                // Explicit ids leave PostgreSQL's identities behind; a running database's are
                // ahead of every id it gave, as these now are.
                for (table, next) in [("reports", 9), ("notes", 13)] {
                    let sql = format!("ALTER TABLE {table} ALTER COLUMN id RESTART WITH {next}");
                    sqlx::query(sqlx::AssertSqlSafe(sql))
                        .execute(&pool)
                        .await
                        .unwrap();
                }
            }
        });

        // The rest, as the server runs them.
        let store = Store::connect(&db.url, 2)
            .await
            .unwrap_or_else(|e| panic!("{kind:?}: {e:#}"));
        store.close().await;
        on_pool!(db, kind, |pool| {
            let pairs = |sql: &'static str| {
                let pool = pool.clone();
                async move {
                    sqlx::query_as::<_, (i64, Option<i64>)>(sql)
                        .fetch_all(&pool)
                        .await
                        .unwrap_or_else(|e| panic!("{sql}: {e}"))
                }
            };
            assert_eq!(
                pairs("SELECT id, queue_position FROM posts ORDER BY id").await,
                [(2, Some(2)), (3, Some(3)), (4, Some(4)), (5, None)],
                "{kind:?}: the queue keeps its order"
            );
            assert_eq!(
                pairs("SELECT id, queue_last_position FROM blogs").await,
                [(1, Some(4))],
                "{kind:?}"
            );
            let summary: (String,) =
                sqlx::query_as("SELECT post_summary FROM reports WHERE id = 7")
                    .fetch_one(&pool)
                    .await
                    .unwrap();
            assert_eq!(
                summary.0, "Buy pills",
                "{kind:?}: the post's summary as it was"
            );
            assert_eq!(
                pairs("SELECT id, post_id FROM notes ORDER BY id").await,
                [(11, Some(5))],
                "{kind:?}"
            );
            // New rows take new ids: neither the deleted report's 8 nor the deleted note's 12.
            let report: (i64,) = sqlx::query_as(
                "INSERT INTO reports (reporter_user_id, reporter_blog_id, reported_blog_id, \
                 reason, created_at) VALUES (1, 1, 1, 'spam', 0) RETURNING id",
            )
            .fetch_one(&pool)
            .await
            .unwrap();
            let note: (i64,) = sqlx::query_as(
                "INSERT INTO notes (root_id, post_id, type, blog_id, user_id, created_at) \
                 VALUES (5, NULL, 'reblog', 1, 1, 0) RETURNING id",
            )
            .fetch_one(&pool)
            .await
            .unwrap();
            assert!(report.0 > 8 && note.0 > 12, "{kind:?}: {report:?} {note:?}");
        });
        db.cleanup().await;
    }
}
