// 'Posted with {app}' under a post a program made with one of its owner's app tokens
// (docs/api.md "Apps"), and for the owner a Remove that takes it off for everyone
// (POST /svc/post/remove_app_attribution). The post then changes in place on every page.
import { useApi } from '../../../api/ApiProvider';
import { runPostAction } from '../../../api/postActions';
import { postFromWire, type Post } from '../../../api/postModels';
import { useDialogs } from '../../dialogs';
import { announceChangedPost } from '../savedPosts';
import { usePostActionRun } from '../usePostActionRun';

export function AppAttribution({ post }: { post: Post }) {
  const api = useApi();
  const { alert } = useDialogs();
  const { busy, error, run } = usePostActionRun();
  if (post.appName === null) return null;
  const remove = () =>
    run(async () => {
      const fields = { post_id: post.id, tumblelog_id: post.blogName };
      const answer = await runPostAction(api, 'remove_app_attribution', fields, alert);
      announceChangedPost(postFromWire(answer.post));
    });
  return (
    <span className="post-footer__app">
      {/* The app's name is the user's words: text, never markup. */}
      <span>Posted with {post.appName}</span>
      {post.isMine && (
        <button type="button" className="post-footer__action" onClick={remove} disabled={busy}>
          Remove
        </button>
      )}
      {error && (
        <span className="form-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
