// A blog's archive read a page at a time, each continuing after the last post of the one
// before (`next_before_id`) until the server says there is no more. The pages go through the
// query cache under the blog and the view: another filter starts over from the first page.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../api/ApiProvider';
import { fetchArchivePage, type ArchiveMonth } from '../../api/archiveEndpoints';
import { ApiError } from '../../api/client';
import type { Blog } from '../../api/models';
import { useInfinitePageControls } from '../../lib/useInfinitePageControls';
import { archiveFiltersOf, type ArchiveView } from './archiveLocation';
import { joinMonths } from './archiveMonths';

/** What a failure says: quietly, without the server's words. */
export const ARCHIVE_FAILED = "The archive couldn't be loaded.";

export interface ArchivePages {
  /** The blog, as the first page tells it. */
  blog: Blog | null;
  /** The months read so far, a month split over two pages joined. */
  months: ArchiveMonth[];
  status: 'loading' | 'ready' | 'error' | 'notFound';
  /** The first page's failure (status 'error'). */
  error: string | null;
  loadingMore: boolean;
  /** A further page failed. */
  moreError: string | null;
  hasMore: boolean;
  /** The next page, unless one is on its way or there is none. */
  loadMore(): void;
  /** The page that failed, again. */
  retry(): void;
}

export function useArchivePages(blogName: string, view: ArchiveView): ArchivePages {
  const api = useApi();
  const filters = archiveFiltersOf(view);
  const pages = useInfiniteQuery({
    queryKey: ['archive', blogName, filters],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) => fetchArchivePage(api, blogName, filters, pageParam),
    getNextPageParam: (last) => last.nextBeforeId ?? undefined,
    // Read once: the archive never moves under the reader, and goes when the page does.
    staleTime: Infinity,
    gcTime: 0,
  });

  const months = useMemo(() => joinMonths(pages.data?.pages ?? []), [pages.data]);
  const { ready, failed, moreFailed, loadMore, retry } = useInfinitePageControls(pages);
  const notFound = failed && !ready && pages.error instanceof ApiError && pages.error.status === 404;
  return {
    blog: pages.data?.pages[0]?.blog ?? null,
    months,
    status: ready ? 'ready' : notFound ? 'notFound' : failed ? 'error' : 'loading',
    error: failed && !ready ? ARCHIVE_FAILED : null,
    loadingMore: pages.isFetchingNextPage,
    moreError: moreFailed ? ARCHIVE_FAILED : null,
    hasMore: ready && pages.hasNextPage,
    loadMore,
    retry,
  };
}
