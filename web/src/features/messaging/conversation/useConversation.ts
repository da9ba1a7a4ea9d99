// One conversation, live: its newest page and its older pages through the query cache, sends
// into it, and `conversation:{id}` events, or a poll every 2 s while the socket is down; the
// reducer merges them all.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useReducer } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { ApiError, errorDetails } from '../../../api/client';
import * as endpoints from '../../../api/endpoints';
import type { Message } from '../../../api/messagingModels';
import { channel, useChannel, usePollingFallback } from '../../../api/realtime';
import { CONVERSATION_POLL_MS } from '../constants';
import type { ConversationTarget } from '../types';
import {
  conversationViewReducer,
  initialConversationView,
  type ConversationViewState,
} from './conversationReducer';

export interface ConversationView {
  state: ConversationViewState;
  /** More older messages remain to be read. */
  hasOlder: boolean;
  /** An older page is on its way. */
  loadingOlder: boolean;
  /** Sends `text`; resolves false when it failed (the error is in state.sendError). */
  send(text: string): Promise<boolean>;
  /** Loads the next older page, if there is one and none is on its way. */
  loadOlder(): void;
}

let pendingCounter = 0;

/** Who the calls name: by id once the conversation exists, by recipients before. */
function conversationRef(sender: string, conversationId: number | null, recipients: string[]): endpoints.ConversationRef {
  return conversationId !== null ? { sender, conversationId } : { sender, recipients };
}

export function useConversation(target: ConversationTarget): ConversationView {
  const api = useApi();
  const [state, dispatch] = useReducer(conversationViewReducer, target.conversationId, initialConversationView);
  const { sender, recipients } = target;
  const ref = conversationRef(sender, state.conversationId, recipients);
  // This view's own pages, as the reducer is its own: each opening starts a fresh view. The
  // conversation is named as it was opened: once a first send creates it, the calls name it
  // by id, but it is the same conversation.
  const instance = useId();
  const conversationKey = ['conversation', sender, target.conversationId ?? recipients.join(','), instance];

  // Reading the newest page also marks the conversation read.
  const newest = useQuery({ queryKey: conversationKey, queryFn: () => endpoints.fetchMessages(api, ref), gcTime: 0 });
  useEffect(() => {
    if (!newest.data) return;
    const { conversation, messages, nextHref } = newest.data;
    dispatch({ type: 'loaded', conversation, messages, olderHref: nextHref });
  }, [newest.data]);
  useEffect(() => {
    // A conversation not started yet answers 404: the reducer makes that the new-conversation view.
    const error = newest.error;
    if (!error) return;
    const apiError = error instanceof ApiError ? error : null;
    dispatch({
      type: 'loadFailed',
      status: apiError?.status ?? 0,
      notABlog: apiError?.codes.includes('no_such_blog') ? apiError.details.join(' ') : undefined,
    });
  }, [newest.error]);

  // A quiet reload: polls, filling a gap after a reconnect, and marking read. Once a page is
  // in, one asked for while another is on its way replaces it, so the answer is never older
  // than the ask.
  const { refetch } = newest;
  const refresh = useCallback(async () => {
    const { error } = await refetch();
    // Still new (404), or a passing failure: the first load alone decides the view.
    if (error && !(error instanceof ApiError && error.status === 404)) console.warn('conversation refresh failed', error);
  }, [refetch]);

  useChannel(
    state.conversationId !== null ? channel.conversation(state.conversationId) : null,
    (event) => {
      if (event.event === 'message') {
        dispatch({ type: 'messageReceived', message: event.data });
        // Someone else wrote while it is open on screen: it is read now.
        if (event.data.participant !== sender) void refresh();
      } else if (event.event === 'read' && event.data.participant !== sender) {
        dispatch({ type: 'readReceived', participant: event.data.participant, lastReadTs: event.data.lastReadTs });
      }
    },
    refresh,
  );

  usePollingFallback(refresh, CONVERSATION_POLL_MS, { enabled: !state.isLoading && !state.isError });

  // A conversation not started yet has no channel to hear on: until it exists its newest page
  // is asked for every 2 s, socket or not, so the other side's first message shows (and is
  // read on screen, as any other).
  const waitingToStart = state.conversationId === null && !state.isLoading && !state.isError;
  useEffect(() => {
    if (!waitingToStart) return;
    const timer = setInterval(() => void refresh(), CONVERSATION_POLL_MS);
    return () => clearInterval(timer);
  }, [waitingToStart, refresh]);

  // Started by this side's first send: whatever the other side wrote before it is read too.
  const started = state.conversationId !== null && target.conversationId === null;
  useEffect(() => {
    if (started) void refresh();
  }, [started, refresh]);

  // Older pages only when asked for, from where the first load's page ended.
  const older = useInfiniteQuery({
    queryKey: [...conversationKey, 'older'],
    initialPageParam: state.olderHref,
    queryFn: ({ pageParam: href }) =>
      endpoints.fetchOlderMessages(api, href!).catch((err: unknown) => {
        console.warn('loading older messages failed', err);
        throw err;
      }),
    getNextPageParam: (page) => page.nextHref,
    enabled: false,
    gcTime: 0,
  });
  useEffect(() => {
    if (older.data) dispatch({ type: 'olderLoaded', messages: older.data.pages.flatMap((page) => page.items) });
  }, [older.data]);
  const hasOlder = older.data ? older.hasNextPage : state.olderHref !== null;
  const { fetchNextPage } = older;
  // Joins a page already on its way: two scroll events before the next render ask once.
  const loadOlder = useCallback(() => {
    if (hasOlder) void fetchNextPage({ cancelRefetch: false });
  }, [hasOlder, fetchNextPage]);

  const send = useCallback(
    async (text: string) => {
      const clientId = `pending-${++pendingCounter}`;
      const ts = Date.now();
      const pending: Message = {
        id: null,
        clientId,
        conversationId: state.conversationId,
        ts,
        participant: sender,
        message: text,
        type: 'TEXT',
        isPending: true,
      };
      dispatch({ type: 'sendStarted', message: pending });
      try {
        const sent = await endpoints.sendMessage(api, conversationRef(sender, state.conversationId, recipients), text, ts);
        dispatch({ type: 'sendSucceeded', clientId, conversation: sent.conversation, message: sent.message });
        return true;
      } catch (err) {
        const unreachable = !(err instanceof ApiError) || err.status === 0;
        dispatch({ type: 'sendFailed', clientId, error: errorDetails(err).join(' '), unreachable });
        return false;
      }
    },
    [api, sender, recipients, state.conversationId],
  );

  return { state, hasOlder, loadingOlder: older.isFetching, send, loadOlder };
}
