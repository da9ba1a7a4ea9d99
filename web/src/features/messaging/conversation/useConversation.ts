// One conversation, live: loads it, sends into it, and keeps it current from
// `conversation:{id}` events, or by polling every 2 s while the socket is down.
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { ApiError, errorDetails } from '../../../api/client';
import * as endpoints from '../../../api/endpoints';
import { messageFromWire, type Message } from '../../../api/messagingModels';
import { useChannel, usePollingFallback } from '../../realtime';
import { CONVERSATION_POLL_MS } from '../constants';
import type { ConversationTarget } from '../types';
import {
  conversationViewReducer,
  initialConversationView,
  type ConversationViewState,
} from './conversationReducer';

export interface ConversationView {
  state: ConversationViewState;
  /** Sends `text`; resolves false when it failed (the error is in state.sendError). */
  send(text: string): Promise<boolean>;
  /** Loads the next older page, if there is one and none is on its way. */
  loadOlder(): void;
}

let pendingCounter = 0;

export function useConversation(target: ConversationTarget): ConversationView {
  const api = useApi();
  const [state, dispatch] = useReducer(conversationViewReducer, target.conversationId, initialConversationView);
  const { sender } = target;

  // Who the calls name: by id once the conversation exists, by recipients before.
  const ref: endpoints.ConversationRef =
    state.conversationId !== null
      ? { sender, conversationId: state.conversationId }
      : { sender, recipients: target.recipients };
  const refNow = useRef(ref);
  refNow.current = ref;

  useEffect(() => {
    let cancelled = false;
    dispatch({ type: 'loadStarted' });
    endpoints
      .fetchMessages(api, refNow.current)
      .then(({ conversation, messages, nextHref }) => {
        if (!cancelled) dispatch({ type: 'loaded', conversation, messages, olderHref: nextHref });
      })
      .catch((err: unknown) => {
        if (!cancelled) dispatch({ type: 'loadFailed', status: err instanceof ApiError ? err.status : 0 });
      });
    return () => {
      cancelled = true;
    };
  }, [api]);

  // A quiet reload: polls, filling a gap after a reconnect, and marking read (reading the
  // messages marks the conversation read). One at a time; a request meanwhile runs once after.
  const refreshing = useRef<{ again: boolean } | null>(null);
  const refresh = useCallback(async () => {
    if (refreshing.current) {
      refreshing.current.again = true;
      return;
    }
    refreshing.current = { again: false };
    try {
      do {
        refreshing.current.again = false;
        try {
          const { conversation, messages } = await endpoints.fetchMessages(api, refNow.current);
          dispatch({ type: 'loaded', conversation, messages });
        } catch (err) {
          // Still new (404), or a passing failure: the first load alone decides the view.
          if (!(err instanceof ApiError && err.status === 404)) console.warn('conversation refresh failed', err);
        }
      } while (refreshing.current.again);
    } finally {
      refreshing.current = null;
    }
  }, [api]);

  useChannel(
    state.conversationId !== null ? `conversation:${state.conversationId}` : null,
    (event) => {
      if (event.event === 'message') {
        dispatch({ type: 'messageReceived', message: messageFromWire(event.data) });
        // Someone else wrote while it is open on screen: it is read now.
        if (event.data.participant !== sender) void refresh();
      } else if (event.event === 'read' && event.data.participant !== sender) {
        dispatch({ type: 'readReceived', participant: event.data.participant, lastReadTs: event.data.last_read_ts });
      }
    },
    refresh,
  );

  usePollingFallback(refresh, CONVERSATION_POLL_MS, { enabled: !state.isLoading && !state.isError });

  const send = useCallback(
    async (text: string) => {
      const clientId = `pending-${++pendingCounter}`;
      const ts = Date.now();
      const pending: Message = {
        id: null,
        clientId,
        conversationId: 'conversationId' in refNow.current ? refNow.current.conversationId : null,
        ts,
        participant: sender,
        message: text,
        type: 'TEXT',
        isPending: true,
      };
      dispatch({ type: 'sendStarted', message: pending });
      try {
        const sent = await endpoints.sendMessage(api, refNow.current, text, ts);
        dispatch({ type: 'sendSucceeded', clientId, conversation: sent.conversation, message: sent.message });
        return true;
      } catch (err) {
        dispatch({ type: 'sendFailed', clientId, error: errorDetails(err).join(' ') });
        return false;
      }
    },
    [api, sender],
  );

  const stateNow = useRef(state);
  stateNow.current = state;
  const loadOlder = useCallback(() => {
    const { olderHref, loadingOlder } = stateNow.current;
    if (!olderHref || loadingOlder) return;
    dispatch({ type: 'olderRequested' });
    endpoints
      .fetchOlderMessages(api, olderHref)
      .then(({ items, nextHref }) => dispatch({ type: 'olderLoaded', messages: items, olderHref: nextHref }))
      .catch((err: unknown) => {
        console.warn('loading older messages failed', err);
        dispatch({ type: 'olderFailed' });
      });
  }, [api]);

  return { state, send, loadOlder };
}
