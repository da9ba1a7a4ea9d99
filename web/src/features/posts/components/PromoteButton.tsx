import { useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { errorDetails } from '../../../api/client';
import { runPostAction } from '../../../api/postActions';
import type { Post } from '../../../api/postModels';
import { useDialogs } from '../../dialogs';
import { useTagPage } from '../tagPageContext';

/**
 * On its blog's page for a tag, the blog's owner pins a published post to the top of the
 * tag's listing, or unpins it (spec 002 §7 /svc/promote, /svc/unpromote).
 */
export function PromoteButton({ post }: { post: Post }) {
  const api = useApi();
  const { alert } = useDialogs();
  const tagPage = useTagPage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!tagPage || !post.isMine || post.state !== 'published') return null;
  const action = post.isPromoted ? 'unpromote' : 'promote';
  const toggle = () => {
    setBusy(true);
    setError(null);
    const fields = { post_id: post.id, tag: tagPage.tag, tag_id: tagPage.tag.toLowerCase(), reblog_key: post.reblogKey, tumblelog_name: post.blogName };
    runPostAction(api, action, fields, alert)
      .then(() => tagPage.pinsChanged())
      .catch((err: unknown) => setError(errorDetails(err).join(' ')))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <button type="button" className="post-footer__action" disabled={busy} onClick={toggle}>
        {post.isPromoted ? `Unpin from #${tagPage.tag}` : `Pin to #${tagPage.tag}`}
      </button>
      {error && (
        <span className="form-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
