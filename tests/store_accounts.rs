//! The sessions store on SQLite and PostgreSQL: sessions are found by their token, stored by
//! its hash, and revocable.

mod common;

use common::store::each_store;
use dashwire::testing::accounts;
use dashwire::testing::auth;

#[tokio::test]
async fn sessions_are_stored_by_hash_and_revocable() {
    each_store(|store, _| async move {
        let id = accounts::store::create_user_with_blog(&store, "s@example.com", "h", "s", "S")
            .await
            .unwrap();
        let visitor = auth::store::create_session(&store, None).await.unwrap();
        let user = auth::store::create_session(&store, Some(id)).await.unwrap();
        assert_ne!(
            visitor.token, visitor.session.token_hash,
            "only the hash is stored"
        );
        let found = auth::store::session_by_token(&store, &user.token)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(found.user_id, Some(id));
        assert_eq!(found.form_key, user.session.form_key);
        assert!(
            auth::store::session_by_token(&store, &visitor.token)
                .await
                .unwrap()
                .unwrap()
                .user_id
                .is_none()
        );
        assert!(
            auth::store::session_by_token(&store, "forged")
                .await
                .unwrap()
                .is_none()
        );
        auth::store::delete_session(&store, &found.token_hash)
            .await
            .unwrap();
        assert!(
            auth::store::session_by_token(&store, &user.token)
                .await
                .unwrap()
                .is_none()
        );
        assert_eq!(
            auth::store::sweep_sessions(&store).await.unwrap(),
            0,
            "fresh sessions are kept"
        );
    })
    .await;
}
