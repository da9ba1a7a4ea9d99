// A scripted realtime client for component tests: a fixed status, and `emit` to deliver an
// event frame to whoever listens on its channel, as the socket would: as the frame's model.
import { useMemo, type ReactNode } from 'react';
import type { EventFrame } from '../../protocol/EventFrame';
import { RealtimeContext, type ChannelListener, type RealtimeStatus } from './context';
import { realtimeEventFromWire } from './realtimeEvents';

export class FakeRealtime {
  readonly listeners = new Map<string, Set<ChannelListener>>();

  listen = (channel: string, listener: ChannelListener) => {
    let set = this.listeners.get(channel);
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(channel);
    };
  };

  /** Channels someone listens on now. */
  channels(): string[] {
    return [...this.listeners.keys()];
  }

  emit(event: EventFrame): void {
    for (const listener of this.listeners.get(event.channel) ?? []) listener.onEvent(realtimeEventFromWire(event));
  }

  /** Plays the server's `subscribed` for a channel. */
  subscribed(channel: string): void {
    for (const listener of this.listeners.get(channel) ?? []) listener.onSubscribed?.();
  }
}

export function FakeRealtimeProvider({
  realtime,
  status = 'open',
  children,
}: {
  realtime: FakeRealtime;
  status?: RealtimeStatus;
  children: ReactNode;
}) {
  const client = useMemo(() => ({ status, listen: realtime.listen }), [status, realtime]);
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}
