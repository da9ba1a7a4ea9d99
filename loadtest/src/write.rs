//! How the seeders write: through the store's transaction, the product's one way to write
//! (`Store::begin`; `tests/layout/main.rs`), each bulk insert a transaction of its own.

/// Runs `$body` with `$conn` bound to the connection of a store transaction of its own (on
/// SQLite the writer connection, with the write gate held), then commits; answers `$body`'s
/// value. `$body` may use `&mut *$conn` any number of times.
macro_rules! write_in_tx {
    ($store:expr, $conn:ident => $body:expr) => {{
        let mut tx = $store.begin().await?;
        let written = dashwire::with_tx!(tx, $conn => $body)?;
        tx.commit().await?;
        Ok::<_, sqlx::Error>(written)
    }};
}
