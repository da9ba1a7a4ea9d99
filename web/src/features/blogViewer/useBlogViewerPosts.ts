// The blog viewer's posts (spec 000 §2.10, §7, §9): the blog's posts ten at a time from an
// offset, or the one post asked for. A failed page is logged (spec 000 §8: "ajax-error with
// offset and path"), not shown; the next scroll asks again.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useApi } from '../../api/ApiProvider';
import { fetchIndashBlogPosts } from '../../api/postEndpoints';
import type { Post } from '../../api/postModels';
import type { BlogViewerRequest } from '../../components/blogViewerOpener';
import { useChangedPostsById } from '../posts';

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

export function useBlogViewerPosts({ name, postId }: BlogViewerRequest): BlogViewerPosts {
  const api = useApi();
  const pages = useInfiniteQuery({
    queryKey: ['blogViewerPosts', name, postId ?? null],
    initialPageParam: 0,
    queryFn: async ({ pageParam: offset }) => {
      const which = postId !== undefined ? { postId } : { limit: BLOG_VIEWER_PAGE_SIZE, offset };
      try {
        return (await fetchIndashBlogPosts(api, name, which)).posts;
      } catch (err) {
        console.warn('ajax-error', { offset, path: '/svc/indash_blog/posts', err });
        throw err;
      }
    },
    // The next page starts after every post read so far.
    getNextPageParam: (page, all) =>
      postId === undefined && page.length === BLOG_VIEWER_PAGE_SIZE ? all.reduce((n, p) => n + p.length, 0) : undefined,
  });

  // A post changed in place (its app attribution removed) shows as it now is.
  const changed = useChangedPostsById();
  // A post may move to the next page while the reader scrolls (a newer one pushed it): once.
  const posts = useMemo(() => {
    const seen = new Set<number>();
    return (pages.data?.pages ?? [])
      .flat()
      .filter((p) => !seen.has(p.id) && seen.add(p.id))
      .map((p) => changed[p.id] ?? p);
  }, [pages.data, changed]);
  // Before the first page (or after it failed) there is more to ask for, unless it is one post.
  const hasMore = pages.data ? pages.hasNextPage : postId === undefined;
  const { fetchNextPage } = pages;
  // Joins the page on its way, if any: two scroll events before a render ask once.
  const loadMore = useCallback(() => {
    if (hasMore) void fetchNextPage({ cancelRefetch: false });
  }, [hasMore, fetchNextPage]);
  return { posts, loading: pages.isFetching, hasMore, loadMore };
}
