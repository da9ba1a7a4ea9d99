//! Password hashing with argon2, off the async threads (a hash costs tens of milliseconds).

use std::sync::OnceLock;

use anyhow::Context;
use argon2::{Argon2, PasswordHasher, PasswordVerifier};

/// Hashes `password` into a PHC string with a fresh salt.
pub async fn hash(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|hash| hash.to_string())
            .map_err(|err| anyhow::anyhow!("argon2: {err}"))
    })
    .await
    .context("hashing task")?
}

/// Whether `password` matches `stored`. With no stored hash (unknown email) it still spends the
/// time of one verification, so response times do not tell which emails have accounts.
pub async fn verify(password: String, stored: Option<String>) -> anyhow::Result<bool> {
    tokio::task::spawn_blocking(move || {
        let stored = stored.unwrap_or_else(|| decoy_hash().to_owned());
        let matches = Argon2::default()
            .verify_password(password.as_bytes(), stored.as_str())
            .is_ok();
        Ok(matches)
    })
    .await
    .context("verifying task")?
}

fn decoy_hash() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| {
        Argon2::default()
            .hash_password(b"decoy password that no account has")
            .map(|hash| hash.to_string())
            .unwrap_or_default()
    })
}
