//! The SQLite and PostgreSQL migrations are kept by hand side by side; one query text serves
//! both backends only while they make the same tables with the same columns. The one
//! difference by design is search's index, each database's own engine (migrations 0018): an
//! FTS5 table and its shadow tables on SQLite, a generated tsvector column on PostgreSQL.

mod common;

use std::collections::BTreeSet;

use common::{Kind, TestDb};
use dashwire::store::Store;
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
