//! A post's app attribution ('Posted with …', `posts.app_name`): only the app's token writes
//! it, when it creates the post (`create_post`); its owner may take it away.

use dashwire_protocol::PostAction;

use super::changes::post_changed;
use crate::posts::model::PostState;
use crate::store::{Store, now_secs};
use crate::with_tx;

/// Takes the app's name off the post `id`; readers of a published post hear it changed, as
/// an edit. A post that says no app changes nothing and tells nobody.
pub(crate) async fn remove_app_attribution(store: &Store, id: i64) -> sqlx::Result<()> {
    const SQL: &str = "UPDATE posts SET app_name = NULL, updated_at = $2 \
         WHERE id = $1 AND app_name IS NOT NULL RETURNING blog_id, state";
    let mut tx = store.begin().await?;
    let changed: Option<(i64, String)> = with_tx!(&mut tx, conn =>
        sqlx::query_as(SQL).bind(id).bind(now_secs()).fetch_optional(conn).await)?;
    if let Some((blog_id, state)) = changed
        && state == PostState::Published.name()
    {
        let event = post_changed(&mut tx, id, blog_id, PostAction::Updated).await?;
        tx.record(vec![event]).await?;
    }
    tx.commit().await
}
