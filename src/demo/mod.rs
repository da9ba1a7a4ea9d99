//! The demo world: a few users, each with more than one blog, following each other, posts
//! of every type among them, and a group blog, so a newcomer has something to log into and
//! look at.

mod conversations;
pub(crate) mod journal;
mod posts;

use crate::accounts;
use crate::auth;
use crate::auth::password;
use crate::blogs;
use crate::follows;
use crate::groups;
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
    seed_group(store).await?;
    Ok(first)
}

/// The demo's group blog: carol's, bob its other admin, with a post of his, and an
/// invitation waiting for alice (the demo login), so a newcomer meets one in their activity.
async fn seed_group(store: &Store) -> anyhow::Result<()> {
    const GROUP: &str = "night-owls";
    if blogs::store::blog_by_name(store, GROUP, None)
        .await?
        .is_some()
    {
        return Ok(());
    }
    let blog = |name: &'static str| async move {
        blogs::store::blog_by_name(store, name, None)
            .await?
            .ok_or_else(|| anyhow::anyhow!("demo blog {name} missing"))
    };
    let (carol, bob, alice) = (
        blog("carol").await?,
        blog("bob").await?,
        blog("alice").await?,
    );
    let id = groups::store::create(store, carol.user_id, GROUP, "Night owls", carol.id).await?;
    blogs::store::set_blog_description(store, GROUP, "A group blog for what we read after dark.")
        .await?;
    let group = (id, GROUP);
    let refused = |r| anyhow::anyhow!("demo group: {r:?}");
    groups::store::invite(store, group, carol.user_id, bob.id, bob.user_id)
        .await?
        .map_err(refused)?;
    groups::store::respond(store, group, bob.id, bob.user_id, true)
        .await?
        .map_err(refused)?;
    groups::store::set_role(
        store,
        group,
        carol.user_id,
        "bob",
        groups::store::Role::Admin,
    )
    .await?
    .map_err(refused)?;
    posts::seed_group_post(store, id, bob.id).await?;
    groups::store::invite(store, group, bob.user_id, alice.id, alice.user_id)
        .await?
        .map_err(refused)?;
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The demo's group has its two admins, a post that says who wrote it, and alice's
    /// invitation waiting; seeding again adds nothing.
    #[tokio::test]
    async fn the_demo_world_has_a_group_with_an_invitation_for_alice() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::connect(&format!("sqlite://{}/demo.db", dir.path().display()), 2)
            .await
            .unwrap();
        let media = MediaStore::local(&dir.path().join("media")).unwrap();
        seed(&store, &media).await.unwrap();
        seed(&store, &media).await.unwrap();
        let group = blogs::store::blog_ref(&store, "night-owls")
            .await
            .unwrap()
            .unwrap();
        // Both joined within the same second, so by name.
        let mut members: Vec<(String, String, bool)> = groups::store::members(&store, group.id)
            .await
            .unwrap()
            .into_iter()
            .map(|m| (m.name, m.role, m.is_owner))
            .collect();
        members.sort();
        assert_eq!(
            members,
            [("bob", "admin", false), ("carol", "admin", true)].map(|(a, b, owner)| (
                a.to_owned(),
                b.to_owned(),
                owner
            ))
        );
        let invites = groups::store::invites(&store, group.id).await.unwrap();
        assert_eq!(
            invites.iter().map(|i| i.name.as_str()).collect::<Vec<_>>(),
            ["alice"]
        );
        let posts = crate::posts::store::blog_posts_at(&store, group.id, false, 0, 10, None)
            .await
            .unwrap();
        assert_eq!(posts.len(), 1);
        let bob = blogs::store::blog_ref(&store, "bob")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(posts[0].posted_by_blog_id, Some(bob.id));
    }
}
