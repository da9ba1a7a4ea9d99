// The blog viewer's posts (spec 000 §2.10, §7, §9): the blog's posts ten at a time from an
// offset, or the one post asked for. A failed page is logged (spec 000 §8: "ajax-error with
// offset and path"), not shown; the next scroll asks again.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../api/ApiProvider';
import { fetchIndashBlogPosts } from '../../api/postEndpoints';
import type { Post } from '../../api/postModels';
import type { BlogViewerRequest } from './opener';

/** Posts a page of the viewer holds (spec 000 §9). */
export const BLOG_VIEWER_PAGE_SIZE = 10;

export interface BlogViewerPosts {
  posts: Post[];
  /** A page is on its way. */
  loading: boolean;
  /** More pages remain (never for one post). */
  hasMore: boolean;
  loadMore(): void;
}

export function useBlogViewerPosts(request: BlogViewerRequest): BlogViewerPosts {
  const api = useApi();
  const [posts, setPosts] = useState<Post[]>([]);
  const [loading, setLoading] = useState(true);
  const [hasMore, setHasMore] = useState(request.postId === undefined);
  // Set at once, unlike the state: two scroll events before a render ask once.
  const inFlight = useRef(false);
  const generation = useRef(0);
  const offset = useRef(0);

  const load = useCallback(
    (mine: number) => {
      inFlight.current = true;
      setLoading(true);
      const which =
        request.postId !== undefined
          ? { postId: request.postId }
          : { limit: BLOG_VIEWER_PAGE_SIZE, offset: offset.current };
      fetchIndashBlogPosts(api, request.name, which)
        .then(({ posts: page }) => {
          if (mine !== generation.current) return;
          offset.current += page.length;
          setPosts((shown) => [...shown, ...page.filter((p) => !shown.some((s) => s.id === p.id))]);
          setHasMore(request.postId === undefined && page.length === BLOG_VIEWER_PAGE_SIZE);
        })
        .catch((err: unknown) => {
          if (mine !== generation.current) return;
          console.warn('ajax-error', { offset: offset.current, path: '/svc/indash_blog/posts', err });
        })
        .finally(() => {
          if (mine !== generation.current) return;
          inFlight.current = false;
          setLoading(false);
        });
    },
    [api, request.name, request.postId],
  );

  useEffect(() => {
    const mine = ++generation.current;
    offset.current = 0;
    setPosts([]);
    setHasMore(request.postId === undefined);
    load(mine);
    return () => {
      generation.current += 1;
      inFlight.current = false;
    };
  }, [load, request.postId]);

  const loadMore = useCallback(() => {
    if (inFlight.current || !hasMore) return;
    load(generation.current);
  }, [hasMore, load]);

  return { posts, loading, hasMore, loadMore };
}
