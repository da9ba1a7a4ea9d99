// Posts read a page at a time from the offset the server hands back with each page
// (`next_offset`, negative once there are no more): search results, in a blog (spec 002 §4
// Blog search) and across blogs, and the posts with a tag. Their pages go through the query
// cache under the caller's key: a new key (another term, sort or filter) starts over from
// offset 0 with no posts, and a search left behind is dropped, not kept to come back to. A
// blog the user blocks takes its posts off the list at once (spec 002 §6), unless the list
// is that blog's own, and an unblock brings them back.
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Post } from '../../api/postModels';
import type { SearchPage } from '../../api/searchEndpoints';
import { useInfinitePageControls } from '../../lib/useInfinitePageControls';
import { useBlockedBlogs } from '../blocking';
import { useChangedPostsById, useRemovedPosts } from './savedPosts';
import type { PostListView } from './usePostList';

export interface OffsetPostPages {
  /** What the list shows (PostFeed reads it). */
  state: PostListView;
  /** A page is on its way (the first or a further one). */
  loading: boolean;
  /** The last page said there are no more (`next_offset` negative). */
  ended: boolean;
  /** The next page, unless one is on its way or there is none. */
  loadMore(): void;
  /** The page that failed, again. */
  retry(): void;
}

export function useOffsetPostPages({
  queryKey,
  fetchPage,
  enabled = true,
  errorText,
  blog,
}: {
  queryKey: QueryKey;
  /** The page starting at `offset`. */
  fetchPage(offset: number): Promise<SearchPage>;
  enabled?: boolean;
  /**
   * What a failure says. The server's error texts are not shown for search (spec 002 §8):
   * the caller gives its own.
   */
  errorText: string;
  /** The one blog whose posts these are (a search in a blog): a block of it leaves them listed. */
  blog?: string;
}): OffsetPostPages {
  const pages = useInfiniteQuery({
    queryKey,
    enabled,
    initialPageParam: 0,
    queryFn: ({ pageParam: offset }) => fetchPage(offset),
    getNextPageParam: (last) => (last.nextOffset >= 0 ? last.nextOffset : undefined),
    // Read once: the list never moves under the reader, and goes when the list does.
    staleTime: Infinity,
    gcTime: 0,
  });

  // A post deleted while it is listed leaves the list.
  const [removed, setRemoved] = useState<readonly number[]>([]);
  useRemovedPosts((id) => setRemoved((ids) => [...ids, id]));
  // A blog blocked while its posts are listed takes them off the list; unblocked, they are back.
  const [blocked, setBlocked] = useState<readonly string[]>([]);
  useBlockedBlogs(
    (name) => {
      if (name !== blog) setBlocked((names) => [...names, name]);
    },
    (name) => setBlocked((names) => (names.includes(name) ? names.filter((n) => n !== name) : names)),
  );
  // A post changed in place while it is listed shows as it now is.
  const changed = useChangedPostsById();

  // A post may come up on two pages when the ranking shifts between them: once.
  const posts = useMemo(() => {
    const seen = new Set<number>(removed);
    const shown: Post[] = [];
    for (const post of (pages.data?.pages ?? []).flatMap((p) => p.posts)) {
      if (seen.has(post.id) || blocked.includes(post.blogName)) continue;
      seen.add(post.id);
      shown.push(changed[post.id] ?? post);
    }
    return shown;
  }, [pages.data, removed, blocked, changed]);

  const { ready, failed, moreFailed, loadMore, retry } = useInfinitePageControls(pages);
  const { hasNextPage } = pages;

  const state: PostListView = {
    posts,
    status: ready ? 'ready' : failed ? 'error' : 'loading',
    error: failed ? errorText : null,
    loadingMore: pages.isFetchingNextPage,
    moreError: moreFailed ? errorText : null,
    hasMore: ready && hasNextPage,
  };
  return {
    state,
    loading: pages.isFetching,
    ended: ready && !hasNextPage,
    loadMore,
    retry,
  };
}
