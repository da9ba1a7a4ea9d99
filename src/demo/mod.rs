//! The demo world: a few users, each with more than one blog, following each other, and
//! posts of every type among them, so a newcomer has something to log into and look at.

mod conversations;
pub(crate) mod journal;
mod posts;

use crate::accounts;
use crate::auth;
use crate::auth::password;
use crate::blogs;
use crate::follows;
use crate::store::Store;
use crate::store::media::MediaStore;

/// The password of every demo account.
pub(crate) const DEMO_PASSWORD: &str = "dashwire-demo";

struct DemoUser {
    email: &'static str,
    /// (name, title, description); the first is the primary blog.
    blogs: &'static [(&'static str, &'static str, &'static str)],
    follows: &'static [&'static str],
}

const USERS: &[DemoUser] = &[
    DemoUser {
        email: "alice@example.com",
        blogs: &[
            (
                "alice",
                "Alice in Blogland",
                "Notes, photos and the odd rant.",
            ),
            (
                "alice-sketches",
                "Alice sketches",
                "A drawing a day, more or less.",
            ),
        ],
        follows: &["bob", "carol", "dave-plants"],
    },
    DemoUser {
        email: "bob@example.com",
        blogs: &[
            ("bob", "Bob's corner", "Bread, bikes and bad puns."),
            ("bob-bakes", "Bob bakes", "Sourdough diaries."),
            ("bob-travels", "Bob travels", "Trains across Europe."),
        ],
        follows: &["alice", "carol-codes", "dave"],
    },
    DemoUser {
        email: "carol@example.com",
        blogs: &[
            ("carol", "Carol", "Living in the terminal."),
            (
                "carol-codes",
                "Carol codes",
                "Rust, sockets, and small tools.",
            ),
        ],
        follows: &["alice", "bob-bakes", "alice-sketches"],
    },
    DemoUser {
        email: "dave@example.com",
        blogs: &[
            ("dave", "Dave", "Houseplants and the people who love them."),
            ("dave-plants", "Monstera mondays", "One plant a week."),
        ],
        follows: &["alice", "bob", "carol"],
    },
];

/// Seeds the demo world unless it is already there (a world seeded before posts existed
/// gets its posts). Returns the demo login email.
pub(crate) async fn seed(store: &Store, media: &MediaStore) -> anyhow::Result<&'static str> {
    let first = USERS[0].email;
    if auth::store::user_by_email(store, first).await?.is_none() {
        seed_people(store).await?;
    }
    posts::seed(store, media).await?;
    conversations::seed(store).await?;
    Ok(first)
}

/// The users, their blogs and who follows whom.
async fn seed_people(store: &Store) -> anyhow::Result<()> {
    let hash = password::hash(DEMO_PASSWORD.to_owned()).await?;
    let mut user_ids = Vec::new();
    for user in USERS {
        let (name, title, _) = user.blogs[0];
        let id =
            accounts::store::create_user_with_blog(store, user.email, &hash, name, title).await?;
        for &(name, title, _) in &user.blogs[1..] {
            blogs::store::create_blog(store, id, name, title).await?;
        }
        for &(name, _, description) in user.blogs {
            blogs::store::set_blog_description(store, name, description).await?;
        }
        user_ids.push(id);
    }
    for (user, &user_id) in USERS.iter().zip(&user_ids) {
        let via = blogs::store::blog_by_name(store, user.blogs[0].0, None)
            .await?
            .map(|b| b.id)
            .ok_or_else(|| anyhow::anyhow!("demo blog missing"))?;
        for name in user.follows {
            let blog = blogs::store::blog_by_name(store, name, None)
                .await?
                .ok_or_else(|| anyhow::anyhow!("demo blog {name} missing"))?;
            follows::store::follow(store, user_id, via, blog.id).await?;
        }
    }
    Ok(())
}
