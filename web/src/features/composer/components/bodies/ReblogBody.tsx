// A reblog (or the edit of one): what it carries, read-only, and the reblogger's comment.
import { ALL_INLINE_CONTROLS, PostTextEditor } from '../../editor/PostTextEditor';
import { ReblogView } from '../ReblogView';

export function ReblogBody() {
  return (
    <div className="post-body post-body--reblog">
      <ReblogView />
      <PostTextEditor field="caption" label="Your comment" placeholder="Add something, if you like" inlineControls={ALL_INLINE_CONTROLS} autoFocus />
    </div>
  );
}
