// The realtime client as components reach it: the socket's status and typed channel hooks.
// RealtimeProvider supplies the real one; FakeRealtimeProvider (testing.tsx) a scripted one.
import { createContext, useContext, useEffect, useRef } from 'react';
import type { EventFrame } from '../../protocol/EventFrame';

export type RealtimeStatus = 'connecting' | 'open' | 'closed';

/** What a component hears on a channel. */
export interface ChannelListener {
  onEvent(event: EventFrame): void;
  /**
   * Reload over HTTP: the server could not replay what was missed (`resume_too_old`), or the
   * channel was subscribed afresh after the socket opened, leaving a gap since the last load.
   */
  onResync?(): void;
}

export interface RealtimeClient {
  status: RealtimeStatus;
  /** Starts listening on a channel; the returned function stops. */
  listen(channel: string, listener: ChannelListener): () => void;
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
  channel: string | null,
  onEvent: (event: EventFrame) => void,
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
