//! A fresh database per test: a SQLite file in its own temp dir, or a PostgreSQL database
//! with a random name, so parallel tests, and concurrent runs sharing one PostgreSQL, never
//! meet.

/// The PostgreSQL server the tests create their databases on.
pub fn pg_admin_url() -> String {
    std::env::var("DASHWIRE_TEST_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

/// The two backends every store and API test runs against.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Sqlite,
    Postgres,
}

pub const BOTH: [Kind; 2] = [Kind::Sqlite, Kind::Postgres];

/// A database for one test.
pub struct TestDb {
    pub url: String,
    /// Random: no other test database, in this run or in any other, has it.
    name: String,
    kind: Kind,
    _dir: Option<tempfile::TempDir>,
}

impl TestDb {
    pub async fn new(kind: Kind) -> TestDb {
        let name = format!("dw_test_{:016x}", rand::random::<u64>());
        match kind {
            Kind::Sqlite => {
                let dir = tempfile::tempdir().expect("temp dir");
                let url = format!("sqlite://{}/test.db", dir.path().display());
                TestDb {
                    url,
                    name,
                    kind,
                    _dir: Some(dir),
                }
            }
            Kind::Postgres => {
                let admin = pg_admin_url();
                let mut conn = <sqlx::PgConnection as sqlx::Connection>::connect(&admin)
                    .await
                    .unwrap_or_else(|e| {
                        panic!("PostgreSQL at {admin} is needed for the tests: {e}")
                    });
                sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
                    .execute(&mut conn)
                    .await
                    .expect("create database");
                let base = admin.rsplit_once('/').map(|(b, _)| b).unwrap_or(&admin);
                TestDb {
                    url: format!("{base}/{name}"),
                    name,
                    kind,
                    _dir: None,
                }
            }
        }
    }

    /// A name unique to this database, for naming what belongs with it elsewhere (the Redis
    /// channels of the nodes that serve it).
    pub fn unique_name(&self) -> &str {
        &self.name
    }

    /// Drops a PostgreSQL test database (SQLite files go with their temp dir).
    pub async fn cleanup(self) {
        if matches!(self.kind, Kind::Postgres)
            && let Ok(mut conn) =
                <sqlx::PgConnection as sqlx::Connection>::connect(&pg_admin_url()).await
        {
            let drop = format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name);
            let _ = sqlx::query(sqlx::AssertSqlSafe(drop))
                .execute(&mut conn)
                .await;
        }
    }
}

/// Runs one statement on a database, as another writer would.
pub async fn execute(url: &str, sql: &str) {
    use sqlx::Connection;
    let sql = sqlx::AssertSqlSafe(sql.to_owned());
    if url.starts_with("sqlite:") {
        let mut conn = sqlx::SqliteConnection::connect(url).await.unwrap();
        sqlx::query(sql).execute(&mut conn).await.unwrap();
    } else {
        let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
        sqlx::query(sql).execute(&mut conn).await.unwrap();
    }
}
