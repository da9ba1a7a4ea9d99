// One blog's inbox, live: the first page, further pages on demand, `inbox:{blog}` events, and
// a poll every 30 s while the socket is down. Choosing another blog starts over (spec 000 §4).
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { errorDetails } from '../../../api/client';
import * as endpoints from '../../../api/endpoints';
import { conversationFromSummary } from '../../../api/messagingModels';
import { useChannel, usePollingFallback } from '../../realtime';
import { INBOX_POLL_MS } from '../constants';
import { useDeletedConversations } from '../deletedConversations';
import { inboxReducer, initialInboxState, type InboxState } from './inboxReducer';

export interface Inbox {
  state: InboxState;
  loadMore(): void;
  retry(): void;
}

export function useInbox(blog: string): Inbox {
  const api = useApi();
  const [stored, dispatch] = useReducer(inboxReducer, blog, initialInboxState);
  // Between a blog change and the effect that resets the reducer, show the empty new inbox.
  const state = stored.blog === blog ? stored : initialInboxState(blog);
  const stateNow = useRef(state);
  stateNow.current = state;
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    dispatch({ type: 'blogChosen', blog });
    let cancelled = false;
    endpoints
      .fetchConversations(api, blog)
      .then((page) => {
        if (!cancelled) dispatch({ type: 'firstPageLoaded', blog, page });
      })
      .catch((err: unknown) => {
        if (!cancelled) dispatch({ type: 'loadFailed', blog, error: errorDetails(err).join(' ') });
      });
    return () => {
      cancelled = true;
    };
  }, [api, blog, attempt]);

  /** The first page again, merged in: polls and gap-filling after a reconnect. */
  const poll = useCallback(async () => {
    const page = await endpoints.fetchConversations(api, blog);
    dispatch({ type: 'polled', blog, page });
  }, [api, blog]);

  useChannel(
    `inbox:${blog}`,
    (event) => {
      if (event.event !== 'conversation') return;
      dispatch({ type: 'conversationChanged', blog, conversation: conversationFromSummary(event.data) });
    },
    () => void poll().catch((err: unknown) => console.warn('inbox reload failed', err)),
  );

  useDeletedConversations((deletedBy, conversationId) => {
    if (deletedBy === blog) dispatch({ type: 'conversationDeleted', blog, conversationId });
  });

  // resetKey: choosing another blog cancels the running poll timer (spec 000 §4).
  usePollingFallback(poll, INBOX_POLL_MS, { enabled: state.status === 'ready', resetKey: blog });

  // Set at once, unlike the state: two scroll events before the next render ask once.
  const pageInFlight = useRef(false);
  const loadMore = useCallback(() => {
    const { nextHref, status } = stateNow.current;
    if (!nextHref || pageInFlight.current || status !== 'ready') return;
    pageInFlight.current = true;
    dispatch({ type: 'moreRequested', blog });
    endpoints
      .fetchConversations(api, blog, nextHref)
      .then((page) => dispatch({ type: 'moreLoaded', blog, page }))
      .catch((err: unknown) => dispatch({ type: 'moreFailed', blog, error: errorDetails(err).join(' ') }))
      .finally(() => {
        pageInFlight.current = false;
      });
  }, [api, blog]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, loadMore, retry };
}
