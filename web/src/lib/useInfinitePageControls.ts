// What a list read a page at a time (an infinite query) offers its reader, whatever the pages
// hold: whether the first page is in, whether a load failed, the next page, and the failed
// page again.
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';

export interface InfinitePageControls {
  /** The first page is in. */
  ready: boolean;
  /** The last load failed and nothing is being tried again. */
  failed: boolean;
  /** The failure was a further page's: the pages before it stand. */
  moreFailed: boolean;
  /** The next page, unless one is on its way or there is none. */
  loadMore(): void;
  /** The page that failed, again. */
  retry(): void;
}

export function useInfinitePageControls<TPage>(
  pages: UseInfiniteQueryResult<InfiniteData<TPage, unknown>>,
): InfinitePageControls {
  const ready = pages.data !== undefined;
  const failed = pages.isError && !pages.isFetching;
  const { fetchNextPage, refetch, hasNextPage } = pages;
  // Joins a page already on its way: two scroll checks before a render ask once.
  const loadMore = useCallback(() => {
    if (ready && hasNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [ready, hasNextPage, fetchNextPage]);
  const moreFailed = failed && pages.isFetchNextPageError;
  const retry = useCallback(() => {
    if (moreFailed) void fetchNextPage();
    else void refetch();
  }, [moreFailed, fetchNextPage, refetch]);
  return { ready, failed, moreFailed, loadMore, retry };
}
