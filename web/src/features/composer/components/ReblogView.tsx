// What a reblog carries, read-only above its comment: the reblogged post's media, and the
// reblog tree with its remove-reblogs toggle (spec 001 §2 "Reblog tree with a Put reblogs
// back control"; §4: toggling sets remove_reblog_tree). Drawn by the post view's own
// components, so a reblog looks in the composer as it will on the dashboard.
import type { Post } from '../../../api/postModels';
import { PostContentView, ReblogTrail } from '../../posts';
import { useComposerForm } from '../formContext';
import { PUT_REBLOGS_BACK } from '../strings';

/** Whether the carried content shows anything of its own (a text reblog's media are its title). */
function hasMedia(post: Post): boolean {
  const c = post.content;
  if (c.type === 'text') return c.title !== '';
  return true;
}

export function ReblogView() {
  const { post, dispatch, disabled } = useComposerForm();
  const shown = post.reblog?.shown;
  if (!shown) return null;
  const hasTrail = shown.reblogTrail.length > 0;
  return (
    <div className="reblog-view">
      {hasMedia(shown) && (
        <div className="reblog-view__media">
          <PostContentView content={shown.content} />
        </div>
      )}
      {hasTrail && !post.removeReblogTree && <ReblogTrail trail={shown.reblogTrail} />}
      {hasTrail && (
        <button
          type="button"
          className="link-button reblog-view__toggle"
          aria-pressed={post.removeReblogTree}
          disabled={disabled}
          onClick={() => dispatch({ type: 'reblogTreeToggled' })}
        >
          {post.removeReblogTree ? PUT_REBLOGS_BACK : 'Remove reblogs'}
        </button>
      )}
    </div>
  );
}
