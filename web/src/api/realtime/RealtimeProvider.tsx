// The one WebSocket per tab (protocol/README.md). The provider opens it to /ws once the session
// is known (a visitor's socket reads public channels only), opens a new one when the user logs
// in or out, reconnects with backoff, and after a reconnect subscribes every wanted channel
// again with `since` = the last seq seen, so the server replays what was missed. Components
// use the typed hooks (context.ts), never the socket, and hear events as client models.
//
// Who the socket connects as, and what to do when the server ends the session, come from the
// app (App.tsx reads the session and passes them in): api/ is below the features, and the
// session is one.
//
// react-use-websocket is a CommonJS package whose default export breaks under a wrong module
// setup (shared/DEPENDENCIES.md); the end-to-end tests in a real browser catch that.
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import useWebSocket, { ReadyState } from 'react-use-websocket';
import type { ClientFrame } from '../../protocol/ClientFrame';
import { CLOSE_GOING_AWAY, CLOSE_SERVICE_RESTART, CLOSE_SESSION_ENDED } from '../../protocol/constants';
import type { ServerFrame } from '../../protocol/ServerFrame';
import {
  channelRegistryReducer,
  emptyChannelRegistry,
  failedSubscribes,
  isNewEvent,
  isRetained,
  needsBackfill,
  resubscribeFrames,
  subscribeFrame,
  type ChannelRegistry,
  type ChannelRegistryAction,
} from './channelRegistry';
import { RealtimeContext, type ChannelListener, type RealtimeStatus } from './context';
import { realtimeEventFromWire } from './realtimeEvents';

/** Reconnect backoff: 1 s, doubling up to 30 s, with jitter so tabs do not reconnect in step. */
const RECONNECT_BASE_MS = 1000;
const RECONNECT_MAX_MS = 30_000;

/**
 * A node stopping for a deploy (1012, or 1001 from a proxy) closes its sockets so that they
 * reconnect to another node at once: the first try waits no back-off, only a short jitter so
 * that a node's thousands of tabs do not arrive in the same millisecond.
 */
const RESTART_JITTER_MS = 250;

export function reconnectDelay(attempt: number, random = Math.random, lastCloseCode?: number): number {
  if (attempt === 0 && (lastCloseCode === CLOSE_SERVICE_RESTART || lastCloseCode === CLOSE_GOING_AWAY)) {
    return Math.round(RESTART_JITTER_MS * random());
  }
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** Same origin, ws: or wss: to match the page. */
function defaultSocketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/ws`;
}

function statusOf(readyState: ReadyState): RealtimeStatus {
  if (readyState === ReadyState.OPEN) return 'open';
  if (readyState === ReadyState.CONNECTING) return 'connecting';
  return 'closed';
}

/** Who the socket connects as: the session's user, or a visitor. */
export type RealtimeIdentity = 'user' | 'visitor';

export function RealtimeProvider({
  children,
  socketUrl,
  connectAs,
  onSessionEnded,
}: {
  children: ReactNode;
  /** Tests pass null to stay offline; by default the page's own /ws. */
  socketUrl?: string | null;
  /** Null until the session is known: no socket until then. */
  connectAs: RealtimeIdentity | null;
  /** The server closed the socket because the session ended (logged out elsewhere, revoked). */
  onSessionEnded(): void;
}) {
  // Visitors get a socket too, for the public channels (a blog's posts, a post's notes). Who
  // is connected is in the address, so logging in or out opens a socket as the new self.
  const url = socketUrl !== null && connectAs !== null ? `${socketUrl ?? defaultSocketUrl()}?as=${connectAs}` : null;

  // The registry and the listeners change on every frame and never need a render: refs.
  const registry = useRef<ChannelRegistry>(emptyChannelRegistry);
  const listeners = useRef(new Map<string, Set<ChannelListener>>());
  const apply = useCallback((action: ChannelRegistryAction) => {
    registry.current = channelRegistryReducer(registry.current, action);
  }, []);
  // The channels the server has confirmed on this socket, written on <body> as
  // data-realtime-channels for end-to-end tests to wait on (as the header's data-realtime):
  // an action a test takes before a page listens would otherwise be missed by chance.
  const confirmed = useRef(new Set<string>());
  /** Why the socket last closed: a restarting node (1012) is left at once, without back-off. */
  const lastCloseCode = useRef<number | undefined>(undefined);
  /** Subscribes waiting to be tried again after the server failed them. */
  const retryTimers = useRef(new Set<number>());
  /** `send`, for those retries: onFrame is made before the socket's hook gives it. */
  const sendRef = useRef<(frame: ClientFrame) => void>(() => {});
  useEffect(() => {
    const timers = retryTimers.current;
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
      timers.clear();
    };
  }, []);
  const markConfirmed = useCallback((channel: string, on: boolean) => {
    if (on) confirmed.current.add(channel);
    else confirmed.current.delete(channel);
    document.body.dataset.realtimeChannels = [...confirmed.current].join(' ');
  }, []);

  const onFrame = useCallback((frame: ServerFrame) => {
    switch (frame.type) {
      case 'event': {
        if (!isNewEvent(registry.current, frame.channel, frame.seq)) return;
        apply({ type: 'eventDelivered', channel: frame.channel, seq: frame.seq });
        const event = realtimeEventFromWire(frame);
        for (const listener of listeners.current.get(frame.channel) ?? []) listener.onEvent(event);
        return;
      }
      case 'subscribed': {
        markConfirmed(frame.channel, true);
        const backfill = needsBackfill(registry.current, frame.channel);
        apply({ type: 'subscribed', channel: frame.channel, seq: frame.seq });
        if (backfill) for (const listener of listeners.current.get(frame.channel) ?? []) listener.onResync?.();
        for (const listener of listeners.current.get(frame.channel) ?? []) listener.onSubscribed?.();
        return;
      }
      case 'error':
        console.warn('realtime:', frame.code, frame.message);
        if (frame.code === 'resume_too_old' && frame.channel) {
          const channel = frame.channel;
          apply({ type: 'resumeLost', channel });
          for (const listener of listeners.current.get(channel) ?? []) listener.onResync?.();
        }
        if (frame.code === 'internal' && frame.channel) {
          // The server could not serve the subscribe (its database away, say) and asks for it
          // again: after a back-off, so a recovering server is not asked by every tab at once.
          // A socket that closes meanwhile subscribes every wanted channel when it reopens.
          const channel = frame.channel;
          apply({ type: 'subscribeFailed', channel });
          const delay = reconnectDelay(failedSubscribes(registry.current, channel) - 1);
          const timer = window.setTimeout(() => {
            retryTimers.current.delete(timer);
            if (failedSubscribes(registry.current, channel) > 0) {
              sendRef.current(subscribeFrame(registry.current, channel));
            }
          }, delay);
          retryTimers.current.add(timer);
        }
        return;
      default:
        return;
    }
  }, [apply, markConfirmed]);

  const { sendJsonMessage, readyState } = useWebSocket(
    url,
    {
      protocols: 'json',
      share: true,
      // Frames go to onMessage; keeping lastMessage in state would re-render the app on each.
      filter: () => false,
      retryOnError: true,
      reconnectAttempts: Number.POSITIVE_INFINITY,
      reconnectInterval: (attempt) => reconnectDelay(attempt, Math.random, lastCloseCode.current),
      shouldReconnect: (event) => event.code !== CLOSE_SESSION_ENDED,
      onOpen: () => {
        apply({ type: 'socketOpened' });
        for (const frame of resubscribeFrames(registry.current)) sendJsonMessage(frame, false);
      },
      onClose: (event) => {
        lastCloseCode.current = event.code;
        for (const channel of [...confirmed.current]) markConfirmed(channel, false);
        // Logged out elsewhere or revoked: stop, and let the session find out who we are now.
        if (event.code === CLOSE_SESSION_ENDED) onSessionEnded();
      },
      onMessage: (event) => {
        if (typeof event.data !== 'string') return;
        let frame: ServerFrame;
        try {
          frame = JSON.parse(event.data) as ServerFrame;
        } catch (err) {
          console.warn('realtime: unreadable frame', err);
          return;
        }
        onFrame(frame);
      },
    },
    url !== null,
  );

  const status = url === null ? 'closed' : statusOf(readyState);

  const send = useCallback(
    // Sent only if the socket is open (keep = false): otherwise the next open subscribes
    // every wanted channel from the registry anyway.
    (frame: ClientFrame) => sendJsonMessage(frame, false),
    [sendJsonMessage],
  );
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  const listen = useCallback(
    (channel: string, listener: ChannelListener) => {
      let set = listeners.current.get(channel);
      if (!set) listeners.current.set(channel, (set = new Set()));
      set.add(listener);
      const wasRetained = isRetained(registry.current, channel);
      apply({ type: 'retained', channel });
      if (!wasRetained) send(subscribeFrame(registry.current, channel));
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.current.delete(channel);
        apply({ type: 'released', channel });
        if (!isRetained(registry.current, channel)) {
          send({ type: 'unsubscribe', channel });
          markConfirmed(channel, false);
        }
      };
    },
    [apply, send, markConfirmed],
  );

  const client = useMemo(() => ({ status, listen }), [status, listen]);
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}
