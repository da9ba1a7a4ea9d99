//! The blogs store on SQLite and PostgreSQL: the same calls must give the same answers.
//! Users with their blogs, unique names, blog order, and follows with their counts and
//! notifications.

mod common;

use common::store::each_store;
use dashwire::testing::accounts;
use dashwire::testing::activity;
use dashwire::testing::auth;
use dashwire::testing::blogs;
use dashwire::testing::follows;
use dashwire::testing::follows::store::FollowChange;
use dashwire::testing::store::unique_violation;

#[tokio::test]
async fn users_blogs_and_unique_names() {
    each_store(|store, _| async move {
        let id =
            accounts::store::create_user_with_blog(&store, "u@example.com", "hash", "ubl", "U")
                .await
                .unwrap();
        let user = auth::store::user_by_email(&store, "u@example.com")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(user.id, id);
        let blogs = blogs::store::blogs_of_user(&store, id).await.unwrap();
        assert_eq!(blogs.len(), 1);
        assert!(blogs[0].is_primary);
        assert_eq!(user.current_blog_id, Some(blogs[0].id));

        let dup_email =
            accounts::store::create_user_with_blog(&store, "u@example.com", "h", "other", "O")
                .await
                .unwrap_err();
        assert!(unique_violation(&dup_email).unwrap().contains("email"));
        // The failed transaction left no half-made blog behind.
        assert!(
            !blogs::store::blog_name_taken(&store, "other")
                .await
                .unwrap()
        );
        let dup_blog = blogs::store::create_blog(&store, id, "ubl", "again")
            .await
            .unwrap_err();
        assert!(unique_violation(&dup_blog).is_some());

        blogs::store::create_blog(&store, id, "ubl-2", "Two")
            .await
            .unwrap();
        blogs::store::create_blog(&store, id, "ubl-3", "Three")
            .await
            .unwrap();
        let order: Vec<String> = blogs::store::blogs_of_user(&store, id)
            .await
            .unwrap()
            .into_iter()
            .map(|b| b.name)
            .collect();
        assert_eq!(order, ["ubl", "ubl-2", "ubl-3"]);
        let new_order = vec!["ubl-3".to_owned(), "ubl".to_owned(), "ubl-2".to_owned()];
        assert!(
            blogs::store::reorder_blogs(&store, id, &new_order)
                .await
                .unwrap()
        );
        assert!(
            !blogs::store::reorder_blogs(&store, id, &new_order)
                .await
                .unwrap(),
            "same order: nothing saved"
        );
        let order: Vec<String> = blogs::store::blogs_of_user(&store, id)
            .await
            .unwrap()
            .into_iter()
            .map(|b| b.name)
            .collect();
        assert_eq!(order, new_order);
    })
    .await;
}

#[tokio::test]
async fn whose_blogs_many_at_once() {
    each_store(|store, kind| async move {
        let ann = accounts::store::create_user_with_blog(&store, "a@example.com", "h", "ann", "A")
            .await
            .unwrap();
        let ben = accounts::store::create_user_with_blog(&store, "b@example.com", "h", "ben", "B")
            .await
            .unwrap();
        // The subscribes of a node's sockets to their blogs' channels, read together: each
        // answered alone, a name twice, one no blog has, one asked by a visitor (user 0).
        let asks = [
            (ann, "ann"),
            (ann, "ben"),
            (ben, "ben"),
            (ben, "ann"),
            (ann, "nobody"),
            (ann, "ann"),
            (0, "ann"),
        ];
        assert_eq!(
            blogs::store::owns_each(&store, &asks).await.unwrap(),
            [true, false, true, false, false, true, false],
            "{kind:?}"
        );
        assert_eq!(
            blogs::store::owns_each(&store, &[]).await.unwrap(),
            Vec::<bool>::new()
        );
    })
    .await;
}

#[tokio::test]
async fn follows_count_and_notify() {
    each_store(|store, _| async move {
        let a = accounts::store::create_user_with_blog(&store, "a@example.com", "h", "a", "A")
            .await
            .unwrap();
        let b = accounts::store::create_user_with_blog(&store, "b@example.com", "h", "b", "B")
            .await
            .unwrap();
        let a_blog = blogs::store::blogs_of_user(&store, a).await.unwrap()[0].id;
        let b_blog = blogs::store::blog_by_name(&store, "b", Some(a))
            .await
            .unwrap()
            .unwrap();
        assert!(!b_blog.following);

        let first = follows::store::follow(&store, a, a_blog, b_blog.id)
            .await
            .unwrap();
        assert!(matches!(first, FollowChange::Followed));
        assert_eq!(
            follows::store::follow(&store, a, a_blog, b_blog.id)
                .await
                .unwrap(),
            FollowChange::Unchanged
        );
        let seen_by_a = blogs::store::blog_by_name(&store, "b", Some(a))
            .await
            .unwrap()
            .unwrap();
        assert!(seen_by_a.following);
        assert_eq!(seen_by_a.follower_count, 1);
        assert_eq!(seen_by_a.unread_count, 1);
        assert_eq!(follows::store::friend_count(&store, a).await.unwrap(), 1);
        assert_eq!(follows::store::friend_count(&store, b).await.unwrap(), 0);
        assert_eq!(
            follows::store::followed_blogs(&store, a).await.unwrap()[0].name,
            "b"
        );

        let notes = activity::store::notifications(&store, b_blog.id, 10)
            .await
            .unwrap();
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].r#type, "follower");
        assert_eq!(notes[0].from_name.as_deref(), Some("a"));
        assert!(!notes[0].is_friend, "b does not follow a back");
        let line = activity::store::sparkline(&store, b_blog.id).await.unwrap();
        assert_eq!(line.len(), 30);
        assert_eq!(line.iter().sum::<i64>(), 1);
        assert!(
            activity::store::sparkline(&store, a_blog)
                .await
                .unwrap()
                .is_empty(),
            "no activity, no sparkline"
        );

        assert_eq!(
            follows::store::unfollow(&store, a, b_blog.id)
                .await
                .unwrap(),
            FollowChange::Unfollowed
        );
        assert_eq!(
            follows::store::unfollow(&store, a, b_blog.id)
                .await
                .unwrap(),
            FollowChange::Unchanged
        );
        assert_eq!(
            blogs::store::blog_by_name(&store, "b", None)
                .await
                .unwrap()
                .unwrap()
                .follower_count,
            0
        );
    })
    .await;
}
