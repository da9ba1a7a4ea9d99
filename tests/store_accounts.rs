//! The sessions store on SQLite and PostgreSQL: sessions are found by their token, stored by
//! its hash, and revocable.

mod common;

use common::store::each_store;

#[tokio::test]
async fn sessions_are_stored_by_hash_and_revocable() {
    each_store(|store, _| async move {
        let id = store
            .create_user_with_blog("s@example.com", "h", "s", "S")
            .await
            .unwrap();
        let visitor = store.create_session(None).await.unwrap();
        let user = store.create_session(Some(id)).await.unwrap();
        assert_ne!(
            visitor.token, visitor.session.token_hash,
            "only the hash is stored"
        );
        let found = store.session_by_token(&user.token).await.unwrap().unwrap();
        assert_eq!(found.user_id, Some(id));
        assert_eq!(found.form_key, user.session.form_key);
        assert!(
            store
                .session_by_token(&visitor.token)
                .await
                .unwrap()
                .unwrap()
                .user_id
                .is_none()
        );
        assert!(store.session_by_token("forged").await.unwrap().is_none());
        store.delete_session(&found.token_hash).await.unwrap();
        assert!(store.session_by_token(&user.token).await.unwrap().is_none());
        assert_eq!(
            store.sweep_sessions().await.unwrap(),
            0,
            "fresh sessions are kept"
        );
    })
    .await;
}
