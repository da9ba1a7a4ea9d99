// One blog's inbox, live: its pages through the query cache (the first, further ones on
// demand, all of them again on a poll every 30 s while the socket is down or after a gap),
// and `inbox:{blog}` events; the reducer merges both. Choosing another blog starts over
// (spec 000 §4).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useReducer } from 'react';
import { useApi } from '../../../api/ApiProvider';
import * as endpoints from '../../../api/endpoints';
import type { Conversation } from '../../../api/messagingModels';
import { loadError } from '../../../api/queryClient';
import { channel, useChannel, usePollingFallback } from '../../../api/realtime';
import { INBOX_POLL_MS } from '../constants';
import { useDeletedConversations } from '../deletedConversations';
import { inboxReducer, initialInboxState } from './inboxReducer';

export interface Inbox {
  conversations: Conversation[];
  /** The next page's link; null when the last page is in. */
  nextHref: string | null;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  loadingMore: boolean;
  loadMore(): void;
  retry(): void;
}

export function useInbox(blog: string): Inbox {
  const api = useApi();
  const [stored, dispatch] = useReducer(inboxReducer, blog, initialInboxState);
  // Until the new blog's first action, the state is the old blog's: show its empty inbox.
  const state = stored.blog === blog ? stored : initialInboxState(blog);

  // This inbox's own pages, as the reducer is its own: an inbox opened again starts afresh
  // (the reducer only adds what a page brings, so pages kept from before would bring back a
  // conversation deleted meanwhile).
  const instance = useId();
  const pages = useInfiniteQuery({
    queryKey: ['inbox', blog, instance],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam: href }) => endpoints.fetchConversations(api, blog, href ?? undefined),
    getNextPageParam: (last) => last.nextHref,
    gcTime: 0,
  });

  // Each answer (with the pages before it) goes to the reducer, which merges it with what the
  // events brought meanwhile.
  useEffect(() => {
    if (pages.data) dispatch({ type: 'pagesLoaded', blog, pages: pages.data.pages });
  }, [blog, pages.data]);

  const { refetch, fetchNextPage } = pages;
  const reload = useCallback(() => refetch({ throwOnError: true }), [refetch]);

  useChannel(
    channel.inbox(blog),
    (event) => {
      if (event.event !== 'conversation') return;
      dispatch({ type: 'conversationChanged', blog, conversation: event.data });
    },
    () => void reload().catch((err: unknown) => console.warn('inbox reload failed', err)),
  );

  useDeletedConversations((deletedBy, conversationId) => {
    if (deletedBy === blog) dispatch({ type: 'conversationDeleted', blog, conversationId });
  });

  // resetKey: choosing another blog cancels the running poll timer (spec 000 §4).
  usePollingFallback(reload, INBOX_POLL_MS, { enabled: state.loaded, resetKey: blog });

  // Joins a page already on its way: two scroll events before the next render ask once.
  const { nextHref } = state;
  const loadMore = useCallback(() => {
    if (nextHref !== null) void fetchNextPage({ cancelRefetch: false });
  }, [nextHref, fetchNextPage]);
  const retry = useCallback(() => void refetch(), [refetch]);

  const error = loadError(pages);
  return {
    conversations: state.conversations,
    nextHref,
    status: state.loaded ? 'ready' : error !== null ? 'error' : 'loading',
    error,
    loadingMore: pages.isFetchingNextPage,
    loadMore,
    retry,
  };
}
