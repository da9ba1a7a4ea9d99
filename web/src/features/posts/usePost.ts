// One post of a blog, for its own page and for the docking area (GET /svc/indash_blog/posts
// with post_id), kept up to date when its owner edits, publishes, changes or deletes it
// meanwhile.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/ApiProvider';
import { ApiError } from '../../api/client';
import { fetchIndashBlogPosts } from '../../api/postEndpoints';
import type { Post } from '../../api/postModels';
import { loadError } from '../../api/queryClient';
import { useChangedPosts, useRemovedPosts, useSavedPosts } from './savedPosts';

export type PostLoad =
  | { status: 'loading' }
  | { status: 'ready'; post: Post }
  /** `missing`: there is no such post, or it is not for this reader: trying again will not help. */
  | { status: 'error'; error: string; missing: boolean }
  /** Its owner deleted it while the page was open. */
  | { status: 'deleted' };

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

  useSavedPosts((saved) => {
    if (saved.post.id === postId) queryClient.setQueryData(queryKey, saved.post);
  });
  useChangedPosts((post) => {
    if (post.id === postId) queryClient.setQueryData(queryKey, post);
  });
  // The id deleted, not a flag: the page may move on to another post. Its cached copy goes
  // too, so that coming back to the page asks again (and hears it is gone).
  const [deletedId, setDeletedId] = useState<number | null>(null);
  useRemovedPosts((id) => {
    if (id !== postId) return;
    setDeletedId(id);
    queryClient.removeQueries({ queryKey, exact: true });
  });

  const error = loadError(query);
  const load: PostLoad = deletedId === postId
    ? { status: 'deleted' }
    : query.data
    ? { status: 'ready', post: query.data }
    : error !== null
      ? { status: 'error', error, missing: query.error instanceof ApiError && query.error.status === 404 }
      : { status: 'loading' };
  return { load, retry: () => void query.refetch() };
}
