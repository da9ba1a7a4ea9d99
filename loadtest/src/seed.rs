//! The file `dashwire-loadgen seed` writes.

use serde::Deserialize;

/// One seeded user.
#[derive(Debug, Clone, Deserialize)]
pub struct User {
    pub blog: String,
    pub token: String,
    pub form_key: String,
}

/// A pair of users (indexes into `users`) with a conversation.
#[derive(Debug, Clone, Deserialize)]
pub struct Pair {
    pub a: usize,
    pub b: usize,
    pub conversation_id: i64,
}

/// The star blog and extra sessions of its owner.
#[derive(Debug, Clone, Deserialize)]
pub struct Star {
    pub blog: String,
    pub tokens: Vec<String>,
    /// The users who follow the star blog: `first_follower..first_follower + followers`.
    #[serde(default)]
    pub first_follower: usize,
    #[serde(default)]
    pub followers: usize,
}

/// The whole file.
#[derive(Debug, Clone, Deserialize)]
pub struct Seed {
    pub users: Vec<User>,
    pub pairs: Vec<Pair>,
    pub star: Star,
}

impl Seed {
    /// Reads a seed file.
    pub fn read(path: &std::path::Path) -> anyhow::Result<Seed> {
        let bytes = std::fs::read(path).map_err(|e| {
            anyhow::anyhow!(
                "reading {}: {e} (run `dashwire-loadgen seed` first)",
                path.display()
            )
        })?;
        Ok(serde_json::from_slice(&bytes)?)
    }

    /// The conversation a user receives chat in, if they are in a pair.
    pub fn pair_of(&self) -> Vec<Option<i64>> {
        let mut of = vec![None; self.users.len()];
        for pair in &self.pairs {
            of[pair.a] = Some(pair.conversation_id);
            of[pair.b] = Some(pair.conversation_id);
        }
        of
    }
}
