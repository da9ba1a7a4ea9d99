// Which channels this tab wants, how many components want each, and the last event seq seen
// on each (protocol/README.md "Sequence numbers and resume"). Pure data: the realtime
// provider keeps it in a ref and turns its transitions into subscribe/unsubscribe frames.
import { produce } from 'immer';
import type { ClientFrame } from '../../protocol/ClientFrame';

export interface ChannelEntry {
  /** How many mounted components use the channel. */
  refs: number;
  /** The last seq delivered (or announced by `subscribed`); null before the first. */
  lastSeq: number | null;
  /**
   * Subscribed without `since` after the socket (re)opened: whatever happened between the
   * component's HTTP load and the subscription is not replayed, so once `subscribed`
   * arrives the component reloads over HTTP to fill that gap.
   */
  needsBackfill: boolean;
  /**
   * Subscribes the server failed to serve (`internal`: its database was away, say) since the
   * last one it confirmed: the next try waits a back-off that grows with them.
   */
  failedSubscribes: number;
}

export interface ChannelRegistry {
  channels: Record<string, ChannelEntry>;
}

export type ChannelRegistryAction =
  | { type: 'retained'; channel: string }
  | { type: 'released'; channel: string }
  /** The server's `subscribed` frame: `seq` is the channel's latest once any replay is done. */
  | { type: 'subscribed'; channel: string; seq: number }
  /** An event was accepted and delivered. */
  | { type: 'eventDelivered'; channel: string; seq: number }
  /** `resume_too_old`: the server no longer has the events after our seq. */
  | { type: 'resumeLost'; channel: string }
  /** `internal` on a subscribe: the server asks for it again later. */
  | { type: 'subscribeFailed'; channel: string }
  /** The socket (re)opened: every wanted channel is about to be subscribed again. */
  | { type: 'socketOpened' };

export const emptyChannelRegistry: ChannelRegistry = { channels: {} };

export function channelRegistryReducer(
  state: ChannelRegistry,
  action: ChannelRegistryAction,
): ChannelRegistry {
  return produce(state, (draft) => {
    if (action.type === 'socketOpened') {
      for (const entry of Object.values(draft.channels)) {
        if (entry.lastSeq === null) entry.needsBackfill = true;
        // Every wanted channel is subscribed again now: a retry still waiting has nothing to do.
        entry.failedSubscribes = 0;
      }
      return;
    }
    const entry = draft.channels[action.channel];
    switch (action.type) {
      case 'retained':
        if (entry) entry.refs += 1;
        else draft.channels[action.channel] = { refs: 1, lastSeq: null, needsBackfill: false, failedSubscribes: 0 };
        break;
      case 'released':
        if (!entry) break;
        entry.refs -= 1;
        // The last user is gone: forget the seq too. A component that mounts later loads
        // fresh over HTTP, so replaying what happened in between would only duplicate it.
        if (entry.refs <= 0) delete draft.channels[action.channel];
        break;
      case 'subscribed':
      case 'eventDelivered':
        if (!entry) break;
        entry.lastSeq = entry.lastSeq === null ? action.seq : Math.max(entry.lastSeq, action.seq);
        if (action.type === 'subscribed') {
          entry.needsBackfill = false;
          entry.failedSubscribes = 0;
        }
        break;
      case 'subscribeFailed':
        if (entry) entry.failedSubscribes += 1;
        break;
      case 'resumeLost':
        if (entry) entry.lastSeq = null;
        break;
    }
  });
}

export function isRetained(state: ChannelRegistry, channel: string): boolean {
  return (state.channels[channel]?.refs ?? 0) > 0;
}

/**
 * How many subscribes of a wanted channel the server has failed in a row (0 for a channel no
 * longer wanted: nothing to try again).
 */
export function failedSubscribes(state: ChannelRegistry, channel: string): number {
  return isRetained(state, channel) ? (state.channels[channel]?.failedSubscribes ?? 0) : 0;
}

/** Whether the `subscribed` frame just received should make the channel's users reload. */
export function needsBackfill(state: ChannelRegistry, channel: string): boolean {
  return state.channels[channel]?.needsBackfill ?? false;
}

/** Whether an event should be delivered: its channel is wanted and it is newer than any seen. */
export function isNewEvent(state: ChannelRegistry, channel: string, seq: number): boolean {
  const entry = state.channels[channel];
  if (!entry || entry.refs <= 0) return false;
  return entry.lastSeq === null || seq > entry.lastSeq;
}

/** Subscribes to a channel, resuming after the last seq seen when there is one. */
export function subscribeFrame(state: ChannelRegistry, channel: string): ClientFrame {
  const lastSeq = state.channels[channel]?.lastSeq ?? null;
  return lastSeq === null
    ? { type: 'subscribe', channel }
    : { type: 'subscribe', channel, since: lastSeq };
}

/** Every wanted channel's subscribe frame: what a (re)opened socket sends first. */
export function resubscribeFrames(state: ChannelRegistry): ClientFrame[] {
  return Object.keys(state.channels)
    .filter((channel) => isRetained(state, channel))
    .map((channel) => subscribeFrame(state, channel));
}
