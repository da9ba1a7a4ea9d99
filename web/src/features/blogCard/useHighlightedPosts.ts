// The blog card's highlighted posts (GET /svc/{blog}/posts/highlighted), the blog's newest
// posts, through the query cache under the blog; read again when the user's own actions change
// what they would be: a post of the blog saved (edited, published), changed in place, or
// removed, as the pages that list posts hear it (posts/savedPosts.ts).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import * as endpoints from '../../api/endpoints';
import type { ServerHtml } from '../../api/serverHtml';
import { useChangedPosts, useRemovedPosts, useSavedPosts } from '../posts';

export function useHighlightedPosts(blog: string): ServerHtml[] {
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
  useSavedPosts((answer) => {
    if (answer.post.tumblelog === blog) readAgain();
  });
  useChangedPosts((post) => {
    if (post.blogName === blog) readAgain();
  });
  // A removal says only the post's id: whether it was this blog's, or among its newest, is the
  // server's to say, so every card asks again (one small read per card shown).
  useRemovedPosts(readAgain);
  return posts;
}
