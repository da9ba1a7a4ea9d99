import { describe, expect, it } from 'vitest';
import { user, userBlog } from '../../test/fixtures';
import { initialSessionState, sessionReducer, type SessionState } from './sessionReducer';

function loaded(): SessionState {
  const alice = user({
    seenAtg: false,
    blogs: [userBlog('alice', { isCurrent: true, isPrimary: true }), userBlog('second'), userBlog('third')],
  });
  return sessionReducer(initialSessionState, { type: 'loaded', user: alice });
}

describe('sessionReducer', () => {
  it('starts loading with no user', () => {
    expect(initialSessionState.status).toBe('loading');
    expect(initialSessionState.user).toBeNull();
  });

  it('holds the loaded user, or null for a visitor', () => {
    expect(loaded().user?.name).toBe('alice');
    expect(loaded().status).toBe('ready');
    const visitor = sessionReducer(initialSessionState, { type: 'loaded', user: null });
    expect(visitor.status).toBe('ready');
    expect(visitor.user).toBeNull();
  });

  it('reorders blogs by name without touching the previous state', () => {
    const before = loaded();
    const after = sessionReducer(before, {
      type: 'blogsOrdered',
      names: ['third', 'alice', 'second'],
      reordered: true,
    });
    expect(after.user?.blogs.map((b) => b.name)).toEqual(['third', 'alice', 'second']);
    expect(after.blogsReordered).toBe(true);
    expect(before.user?.blogs.map((b) => b.name)).toEqual(['alice', 'second', 'third']);
    expect(before.blogsReordered).toBe(false);
  });

  it('can revert an optimistic reorder, flag included', () => {
    const moved = sessionReducer(loaded(), {
      type: 'blogsOrdered',
      names: ['second', 'alice', 'third'],
      reordered: true,
    });
    const reverted = sessionReducer(moved, {
      type: 'blogsOrdered',
      names: ['alice', 'second', 'third'],
      reordered: false,
    });
    expect(reverted.user?.blogs.map((b) => b.name)).toEqual(['alice', 'second', 'third']);
    expect(reverted.blogsReordered).toBe(false);
  });

  it('keeps blogs the order list does not name, after the named ones', () => {
    const after = sessionReducer(loaded(), {
      type: 'blogsOrdered',
      names: ['third'],
      reordered: true,
    });
    expect(after.user?.blogs.map((b) => b.name)).toEqual(['third', 'alice', 'second']);
  });

  it('sets seen_atg, the friend count and the likes count', () => {
    let state = sessionReducer(loaded(), { type: 'seenAtgSet' });
    expect(state.user?.seenAtg).toBe(true);
    state = sessionReducer(state, { type: 'friendCountSet', count: 3 });
    expect(state.user?.friendCount).toBe(3);
    state = sessionReducer(state, { type: 'likedCountSet', count: 4 });
    expect(state.user?.likedPostCount).toBe(4);
  });

  it('keeps the user when a refresh fails, and fails the load when there was none', () => {
    const refreshFailed = sessionReducer(loaded(), { type: 'loadFailed', error: 'offline' });
    expect(refreshFailed.user?.name).toBe('alice');
    expect(refreshFailed.status).toBe('ready');
    const firstLoadFailed = sessionReducer(initialSessionState, { type: 'loadFailed', error: 'offline' });
    expect(firstLoadFailed.status).toBe('failed');
    expect(firstLoadFailed.loadError).toBe('offline');
  });

  it('takes the unread channel counts: messaging badge, activity badge and each blog row', () => {
    const state = sessionReducer(loaded(), {
      type: 'unreadCountsReceived',
      counts: {
        messaging: 3,
        blogs: [
          { blog: 'alice', messaging: 2, activity: 5 },
          { blog: 'second', messaging: 1, activity: 0 },
        ],
      },
    });
    expect(state.user?.unreadCount).toBe(3);
    expect(state.user?.activityUnreadCount).toBe(5);
    expect(state.user?.blogs.map((b) => [b.name, b.unreadCount])).toEqual([
      ['alice', 7],
      ['second', 1],
      ['third', 0],
    ]);
  });

  it('ignores user actions for a visitor', () => {
    const visitor = sessionReducer(initialSessionState, { type: 'loaded', user: null });
    expect(sessionReducer(visitor, { type: 'seenAtgSet' })).toBe(visitor);
    expect(
      sessionReducer(visitor, { type: 'blogsOrdered', names: ['a'], reordered: true }).user,
    ).toBeNull();
  });
});
