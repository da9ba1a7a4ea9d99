//! The blogs store on SQLite and PostgreSQL: the same calls must give the same answers.
//! Users with their blogs, unique names, blog order, and follows with their counts and
//! notifications.

mod common;

use common::store::each_store;
use dashwire::follows::store::FollowChange;
use dashwire::store::unique_violation;

#[tokio::test]
async fn users_blogs_and_unique_names() {
    each_store(|store, _| async move {
        let id = store
            .create_user_with_blog("u@example.com", "hash", "ubl", "U")
            .await
            .unwrap();
        let user = store.user_by_email("u@example.com").await.unwrap().unwrap();
        assert_eq!(user.id, id);
        let blogs = store.blogs_of_user(id).await.unwrap();
        assert_eq!(blogs.len(), 1);
        assert!(blogs[0].is_primary);
        assert_eq!(user.current_blog_id, Some(blogs[0].id));

        let dup_email = store
            .create_user_with_blog("u@example.com", "h", "other", "O")
            .await
            .unwrap_err();
        assert!(unique_violation(&dup_email).unwrap().contains("email"));
        // The failed transaction left no half-made blog behind.
        assert!(!store.blog_name_taken("other").await.unwrap());
        let dup_blog = store.create_blog(id, "ubl", "again").await.unwrap_err();
        assert!(unique_violation(&dup_blog).is_some());

        store.create_blog(id, "ubl-2", "Two").await.unwrap();
        store.create_blog(id, "ubl-3", "Three").await.unwrap();
        let order: Vec<String> = store
            .blogs_of_user(id)
            .await
            .unwrap()
            .into_iter()
            .map(|b| b.name)
            .collect();
        assert_eq!(order, ["ubl", "ubl-2", "ubl-3"]);
        let new_order = vec!["ubl-3".to_owned(), "ubl".to_owned(), "ubl-2".to_owned()];
        assert!(store.reorder_blogs(id, &new_order).await.unwrap());
        assert!(
            !store.reorder_blogs(id, &new_order).await.unwrap(),
            "same order: nothing saved"
        );
        let order: Vec<String> = store
            .blogs_of_user(id)
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
async fn follows_count_and_notify() {
    each_store(|store, _| async move {
        let a = store
            .create_user_with_blog("a@example.com", "h", "a", "A")
            .await
            .unwrap();
        let b = store
            .create_user_with_blog("b@example.com", "h", "b", "B")
            .await
            .unwrap();
        let a_blog = store.blogs_of_user(a).await.unwrap()[0].id;
        let b_blog = store.blog_by_name("b", Some(a)).await.unwrap().unwrap();
        assert!(!b_blog.following);

        let first = store.follow(a, a_blog, b_blog.id).await.unwrap();
        assert!(matches!(first, FollowChange::Followed { .. }));
        assert_eq!(
            store.follow(a, a_blog, b_blog.id).await.unwrap(),
            FollowChange::Unchanged
        );
        let seen_by_a = store.blog_by_name("b", Some(a)).await.unwrap().unwrap();
        assert!(seen_by_a.following);
        assert_eq!(seen_by_a.follower_count, 1);
        assert_eq!(seen_by_a.unread_count, 1);
        assert_eq!(store.friend_count(a).await.unwrap(), 1);
        assert_eq!(store.friend_count(b).await.unwrap(), 0);
        assert_eq!(store.followed_blogs(a).await.unwrap()[0].name, "b");

        let notes = store.notifications(b_blog.id, 10).await.unwrap();
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].r#type, "follower");
        assert_eq!(notes[0].from_name.as_deref(), Some("a"));
        assert!(!notes[0].is_friend, "b does not follow a back");
        let line = store.sparkline(b_blog.id).await.unwrap();
        assert_eq!(line.len(), 30);
        assert_eq!(line.iter().sum::<i64>(), 1);
        assert!(
            store.sparkline(a_blog).await.unwrap().is_empty(),
            "no activity, no sparkline"
        );

        assert_eq!(
            store.unfollow(a, b_blog.id).await.unwrap(),
            FollowChange::Unfollowed
        );
        assert_eq!(
            store.unfollow(a, b_blog.id).await.unwrap(),
            FollowChange::Unchanged
        );
        assert_eq!(
            store
                .blog_by_name("b", None)
                .await
                .unwrap()
                .unwrap()
                .follower_count,
            0
        );
    })
    .await;
}
