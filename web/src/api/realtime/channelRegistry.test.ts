import { describe, expect, it } from 'vitest';
import {
  channelRegistryReducer as reduce,
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

function run(...actions: ChannelRegistryAction[]): ChannelRegistry {
  return actions.reduce(reduce, emptyChannelRegistry);
}

describe('channel registry', () => {
  it('counts the components sharing a channel and forgets it when the last one leaves', () => {
    let state = run({ type: 'retained', channel: 'inbox:alice' }, { type: 'retained', channel: 'inbox:alice' });
    expect(state.channels['inbox:alice'].refs).toBe(2);
    state = reduce(state, { type: 'released', channel: 'inbox:alice' });
    expect(isRetained(state, 'inbox:alice')).toBe(true);
    state = reduce(state, { type: 'released', channel: 'inbox:alice' });
    expect(isRetained(state, 'inbox:alice')).toBe(false);
    expect(state.channels['inbox:alice']).toBeUndefined();
  });

  it('subscribes without since at first, then resumes with the last seq seen', () => {
    let state = run({ type: 'retained', channel: 'conversation:42' });
    expect(subscribeFrame(state, 'conversation:42')).toEqual({ type: 'subscribe', channel: 'conversation:42' });
    state = reduce(state, { type: 'subscribed', channel: 'conversation:42', seq: 17 });
    state = reduce(state, { type: 'eventDelivered', channel: 'conversation:42', seq: 18 });
    expect(subscribeFrame(state, 'conversation:42')).toEqual({
      type: 'subscribe',
      channel: 'conversation:42',
      since: 18,
    });
  });

  it('ignores events at or below the last seq seen, and events of channels nobody wants', () => {
    const state = run(
      { type: 'retained', channel: 'inbox:alice' },
      { type: 'subscribed', channel: 'inbox:alice', seq: 5 },
    );
    expect(isNewEvent(state, 'inbox:alice', 4)).toBe(false);
    expect(isNewEvent(state, 'inbox:alice', 5)).toBe(false);
    expect(isNewEvent(state, 'inbox:alice', 6)).toBe(true);
    expect(isNewEvent(state, 'inbox:bob', 1)).toBe(false);
    const delivered = reduce(state, { type: 'eventDelivered', channel: 'inbox:alice', seq: 6 });
    expect(isNewEvent(delivered, 'inbox:alice', 6)).toBe(false);
  });

  it('accepts the first event of a channel subscribed without a seq yet', () => {
    const state = run({ type: 'retained', channel: 'unread' });
    expect(isNewEvent(state, 'unread', 1)).toBe(true);
  });

  it('never moves the last seq backwards (a late subscribed frame after replayed events)', () => {
    const state = run(
      { type: 'retained', channel: 'unread' },
      { type: 'eventDelivered', channel: 'unread', seq: 9 },
      { type: 'subscribed', channel: 'unread', seq: 7 },
    );
    expect(state.channels.unread.lastSeq).toBe(9);
  });

  it('resubscribes every wanted channel on reconnect, each with its own since', () => {
    const state = run(
      { type: 'retained', channel: 'unread' },
      { type: 'subscribed', channel: 'unread', seq: 3 },
      { type: 'retained', channel: 'inbox:alice' },
      { type: 'retained', channel: 'gone' },
      { type: 'released', channel: 'gone' },
    );
    expect(resubscribeFrames(state)).toEqual([
      { type: 'subscribe', channel: 'unread', since: 3 },
      { type: 'subscribe', channel: 'inbox:alice' },
    ]);
  });

  it('drops the seq when the server can no longer resume from it', () => {
    const state = run(
      { type: 'retained', channel: 'activity:alice' },
      { type: 'subscribed', channel: 'activity:alice', seq: 3 },
      { type: 'resumeLost', channel: 'activity:alice' },
    );
    expect(subscribeFrame(state, 'activity:alice')).toEqual({ type: 'subscribe', channel: 'activity:alice' });
  });

  it('asks for an HTTP backfill only for channels subscribed afresh after the socket opened', () => {
    let state = run(
      { type: 'retained', channel: 'unread' },
      { type: 'retained', channel: 'inbox:alice' },
      { type: 'subscribed', channel: 'inbox:alice', seq: 4 },
      { type: 'socketOpened' },
    );
    // inbox:alice resumes with since (the server replays); unread had no seq to resume from.
    expect(needsBackfill(state, 'unread')).toBe(true);
    expect(needsBackfill(state, 'inbox:alice')).toBe(false);
    state = reduce(state, { type: 'subscribed', channel: 'unread', seq: 2 });
    expect(needsBackfill(state, 'unread')).toBe(false);
    // A channel retained while the socket is open loads itself: no backfill.
    state = reduce(state, { type: 'retained', channel: 'activity:alice' });
    expect(needsBackfill(state, 'activity:alice')).toBe(false);
  });

  it('does not change the state it was given', () => {
    const before = run({ type: 'retained', channel: 'unread' });
    reduce(before, { type: 'retained', channel: 'unread' });
    expect(before.channels.unread.refs).toBe(1);
  });

  it('counts the subscribes the server failed until one is confirmed, and only for wanted channels', () => {
    const channel = 'inbox:alice';
    let state = run(
      { type: 'retained', channel },
      { type: 'eventDelivered', channel, seq: 4 },
      { type: 'subscribeFailed', channel },
      { type: 'subscribeFailed', channel },
    );
    expect(failedSubscribes(state, channel)).toBe(2);
    // The retry resumes where the channel was: nothing is skipped for having failed.
    expect(subscribeFrame(state, channel)).toEqual({ type: 'subscribe', channel, since: 4 });
    state = reduce(state, { type: 'subscribed', channel, seq: 6 });
    expect(failedSubscribes(state, channel)).toBe(0);

    state = run({ type: 'retained', channel }, { type: 'subscribeFailed', channel }, { type: 'socketOpened' });
    expect(failedSubscribes(state, channel)).toBe(0);
    state = run({ type: 'retained', channel }, { type: 'subscribeFailed', channel }, { type: 'released', channel });
    expect(failedSubscribes(state, channel)).toBe(0);
  });
});
