// One post of a blog, for its own page (GET /svc/indash_blog/posts with post_id), kept up to
// date when its owner edits it in the composer meanwhile.
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../api/ApiProvider';
import { ApiError, errorDetails } from '../../api/client';
import { fetchIndashBlogPosts } from '../../api/postEndpoints';
import { savedPostFromWire, type Post } from '../../api/postModels';
import { useSavedPosts } from '../posts';

export type PostLoad =
  | { status: 'loading' }
  | { status: 'ready'; post: Post }
  /** `missing`: there is no such post, or it is not for this reader: trying again will not help. */
  | { status: 'error'; error: string; missing: boolean };

export function usePost(blog: string, postId: number): { load: PostLoad; retry(): void } {
  const api = useApi();
  const [load, setLoad] = useState<PostLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setLoad({ status: 'loading' });
    fetchIndashBlogPosts(api, blog, { postId })
      .then(({ posts }) => {
        if (cancelled) return;
        const post = posts.find((p) => p.id === postId);
        setLoad(post ? { status: 'ready', post } : { status: 'error', error: 'No such post.', missing: true });
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        const missing = err instanceof ApiError && err.status === 404;
        setLoad({ status: 'error', error: errorDetails(err).join(' '), missing });
      });
    return () => {
      cancelled = true;
    };
  }, [api, blog, postId, attempt]);

  useSavedPosts((answer) => {
    const saved = savedPostFromWire(answer);
    if (saved.post.id === postId) setLoad({ status: 'ready', post: saved.post });
  });

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { load, retry };
}
