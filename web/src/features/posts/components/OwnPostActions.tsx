// What the owner does with a post of hers beside Edit (spec 002 §1 shared actions, §7 the
// calls): Publish a draft, queued or scheduled post now, or Queue a draft (POST /publish, with
// queue=queue); Delete any of her posts after the delete confirmation (002 §8). The post then
// moves between the pages that list it (drafts, queue, the blog, dashboards) without a reload.
import { useApi } from '../../../api/ApiProvider';
import { DELETE_CONFIRMATION, runPostAction } from '../../../api/postActions';
import { postFromWire, type Post } from '../../../api/postModels';
import { blogCountsFromWire } from '../../../api/models';
import { useBlogsDispatch } from '../../blogs';
import { celebrateFirstPost } from '../../confetti';
import { useDialogs } from '../../dialogs';
import { announceRemovedPost, announceWentOut } from '../savedPosts';
import { usePostActionRun } from '../usePostActionRun';

/** The states /publish takes a post from (the server refuses any other). */
const WAITING = new Set<Post['state']>(['draft', 'queued', 'scheduled']);

export function OwnPostActions({ post }: { post: Post }) {
  const api = useApi();
  const { alert, confirm } = useDialogs();
  const { busy, error, run: act } = usePostActionRun();
  // Spec 001 §4 "Counters on the blog controls update": the account menu's Posts, Drafts and
  // Queue, and the blog page's, from the blog's counts each answer carries.
  const blogsDispatch = useBlogsDispatch();

  const publish = (queue: boolean) =>
    act(async () => {
      const answer = await runPostAction(api, 'publish', queue ? { id: post.id, queue: 'queue' } : { id: post.id }, alert);
      blogsDispatch({ type: 'countsSaved', counts: blogCountsFromWire(answer.context_tumblelog) });
      announceWentOut(postFromWire(answer.post));
      // A draft published is as much a first post as one posted from the composer.
      celebrateFirstPost(answer.first_post);
    });
  const remove = async () => {
    if (!(await confirm(DELETE_CONFIRMATION))) return;
    act(async () => {
      const answer = await runPostAction(api, 'delete', { post_id: post.id, channel_id: post.blogName }, alert);
      blogsDispatch({ type: 'countsSaved', counts: blogCountsFromWire(answer.context_tumblelog) });
      announceRemovedPost(post.id);
    });
  };

  return (
    <>
      {WAITING.has(post.state) && (
        <button type="button" className="post-footer__action" onClick={() => publish(false)} disabled={busy}>
          Publish
        </button>
      )}
      {post.state === 'draft' && (
        <button type="button" className="post-footer__action" onClick={() => publish(true)} disabled={busy}>
          Queue
        </button>
      )}
      <button type="button" className="post-footer__action" onClick={() => void remove()} disabled={busy}>
        Delete
      </button>
      {error && (
        <span className="form-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
