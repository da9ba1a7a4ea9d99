//! The store on each backend, for the `store_*` tests that call the library directly.

use dashwire::store::Store;

use super::{BOTH, Kind, RunningOn, TestDb};

/// Runs `body` on a freshly migrated store on each backend.
pub async fn each_store<F, Fut>(body: F)
where
    F: Fn(Store, Kind) -> Fut,
    Fut: Future<Output = ()>,
{
    for kind in BOTH {
        let _running_on = RunningOn(format!("{kind:?}"));
        let db = TestDb::new(kind).await;
        let store = Store::connect(&db.url, 4)
            .await
            .unwrap_or_else(|e| panic!("{kind:?}: {e:#}"));
        // Migrating twice is a no-op.
        store.migrate().await.expect("second migrate");
        body(store.clone(), kind).await;
        store.close().await;
        db.cleanup().await;
    }
}
