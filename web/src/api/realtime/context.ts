// The realtime client as components reach it: the socket's status and typed channel hooks.
// RealtimeProvider supplies the real one; FakeRealtimeProvider (testing.tsx) a scripted one.
import { createContext, useContext, useEffect, useRef } from 'react';
import type { ChannelName } from '../../protocol/channels';
import type { RealtimeEvent } from './realtimeEvents';

export type RealtimeStatus = 'connecting' | 'open' | 'closed';

/** What a component hears on a channel. */
export interface ChannelListener {
  onEvent(event: RealtimeEvent): void;
  /**
   * Reload over HTTP: the server could not replay what was missed (`resume_too_old`), or the
   * channel was subscribed afresh after the socket opened, leaving a gap since the last load.
   */
  onResync?(): void;
  /**
   * The server confirmed the subscription: events flow from here on. Whatever happened
   * between the component's HTTP load and now is replayed only when resuming; a component
   * that loaded before a fresh subscription can look for what it missed.
   */
  onSubscribed?(): void;
}

export interface RealtimeClient {
  status: RealtimeStatus;
  /** Starts listening on a channel; the returned function stops. */
  listen(channel: ChannelName, listener: ChannelListener): () => void;
}

export const RealtimeContext = createContext<RealtimeClient | null>(null);

function useRealtimeClient(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('realtime hooks must be used inside <RealtimeProvider>');
  return client;
}

/** The socket's state: 'open' means live events flow; otherwise fall back to polling. */
export function useRealtimeStatus(): RealtimeStatus {
  return useRealtimeClient().status;
}

/**
 * Listens on a channel (e.g. `inbox:alice`) while mounted; several components may share one.
 * `onEvent` may change on every render. Pass null to listen to nothing (nothing chosen yet).
 */
export function useChannel(
  channel: ChannelName | null,
  onEvent: (event: RealtimeEvent) => void,
  onResync?: () => void,
): void {
  const { listen } = useRealtimeClient();
  const handlers = useRef({ onEvent, onResync });
  handlers.current = { onEvent, onResync };
  useEffect(() => {
    if (!channel) return;
    return listen(channel, {
      onEvent: (event) => handlers.current.onEvent(event),
      onResync: () => handlers.current.onResync?.(),
    });
  }, [channel, listen]);
}

/**
 * Listens on several channels at once (a dashboard on each blog it shows), with one handler.
 * The list may be a new array on every render: only a change in its channels relistens.
 */
export function useChannels(
  channels: readonly ChannelName[],
  onEvent: (event: RealtimeEvent) => void,
  onSubscribed?: () => void,
): void {
  const { listen } = useRealtimeClient();
  const handlers = useRef({ onEvent, onSubscribed });
  handlers.current = { onEvent, onSubscribed };
  const key = [...new Set(channels)].sort().join('\n');
  useEffect(() => {
    if (!key) return;
    // The key is made of the channels' names, so each of its lines is one.
    const stops = (key.split('\n') as ChannelName[]).map((channel) =>
      listen(channel, {
        onEvent: (event) => handlers.current.onEvent(event),
        onSubscribed: () => handlers.current.onSubscribed?.(),
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, [key, listen]);
}
