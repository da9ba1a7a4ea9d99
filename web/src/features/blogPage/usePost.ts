// One post of a blog, for its own page (GET /svc/indash_blog/posts with post_id), kept up to
// date when its owner edits it in the composer meanwhile.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { ApiError } from '../../api/client';
import { fetchIndashBlogPosts } from '../../api/postEndpoints';
import { savedPostFromWire, type Post } from '../../api/postModels';
import { loadError } from '../../api/queryClient';
import { useSavedPosts } from '../posts';

export type PostLoad =
  | { status: 'loading' }
  | { status: 'ready'; post: Post }
  /** `missing`: there is no such post, or it is not for this reader: trying again will not help. */
  | { status: 'error'; error: string; missing: boolean };

export function usePost(blog: string, postId: number): { load: PostLoad; retry(): void } {
  const api = useApi();
  const queryClient = useQueryClient();
  const queryKey = ['post', blog, postId];
  const query = useQuery({
    queryKey,
    queryFn: async () => {
      const { posts } = await fetchIndashBlogPosts(api, blog, { postId });
      const post = posts.find((p) => p.id === postId);
      // An answer without it says what a 404 says.
      if (!post) throw new ApiError(404, ['No such post.']);
      return post;
    },
  });

  useSavedPosts((answer) => {
    const saved = savedPostFromWire(answer);
    if (saved.post.id === postId) queryClient.setQueryData(queryKey, saved.post);
  });

  const error = loadError(query);
  const load: PostLoad = query.data
    ? { status: 'ready', post: query.data }
    : error !== null
      ? { status: 'error', error, missing: query.error instanceof ApiError && query.error.status === 404 }
      : { status: 'loading' };
  return { load, retry: () => void query.refetch() };
}
