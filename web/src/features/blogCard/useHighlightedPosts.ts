// The blog card's highlighted posts (GET /svc/{blog}/posts/highlighted), the blog's newest
// posts, through the query cache under the blog; read again when the user's own actions change
// what they would be: a post of the blog saved (edited, published), changed in place, or
// removed, as the pages that list posts hear it (posts/savedPosts.ts); and, for a `live` card,
// when the blog's `posts:{blog}` channel says one of its posts was created, changed or deleted
// elsewhere (another tab, another writer). Only the cards shown alone with their blog are live
// (its page, the blog viewer drawer): there the channel is one per page, and the page's own
// post list often holds it already. The lists of cards (explore, following, followers) are not:
// each card would open a subscription of its own that nothing else on the page needs.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import * as endpoints from '../../api/endpoints';
import type { ServerHtml } from '../../api/serverHtml';
import { useChangedPosts, useRemovedPosts, useSavedPosts } from '../posts';
import { channel, useChannel } from '../../api/realtime';

export function useHighlightedPosts(blog: string, { live = false }: { live?: boolean } = {}): ServerHtml[] {
  const api = useApi();
  const queryClient = useQueryClient();
  const queryKey = ['highlightedPosts', blog];
  const { data: posts = [] } = useQuery({
    queryKey,
    queryFn: () =>
      endpoints.fetchHighlightedPosts(api, blog).catch((err: unknown) => {
        console.warn('Loading the highlighted posts failed.', err);
        throw err;
      }),
  });
  const readAgain = () => void queryClient.invalidateQueries({ queryKey, exact: true });
  useSavedPosts((saved) => {
    if (saved.post.blogName === blog) readAgain();
  });
  useChangedPosts((post) => {
    if (post.blogName === blog) readAgain();
  });
  // A removal says only the post's id: whether it was this blog's, or among its newest, is the
  // server's to say, so every card asks again (one small read per card shown).
  useRemovedPosts(readAgain);
  // The channel carries only this blog's published posts: any change of one may change its
  // newest. A resync (events missed while the socket was away) reads them again too.
  useChannel(
    live ? channel.posts(blog) : null,
    (frame) => {
      if (frame.event === 'post') readAgain();
    },
    readAgain,
  );
  return posts;
}
