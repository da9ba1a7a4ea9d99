import { describe, expect, it } from 'vitest';
import { blogFromWire } from '../../api/models';
import { wireBlog, wireNotification } from '../../test/fixtures';
import { blogsReducer, initialBlogsState } from './blogsReducer';

describe('blogsReducer', () => {
  it('stores received blogs by name', () => {
    const state = blogsReducer(initialBlogsState, {
      type: 'received',
      blogs: [blogFromWire(wireBlog('bob')), blogFromWire(wireBlog('carol'))],
    });
    expect(Object.keys(state.byName).sort()).toEqual(['bob', 'carol']);
  });

  it('keeps activity data a later, thinner copy of the blog lacks', () => {
    let state = blogsReducer(initialBlogsState, {
      type: 'received',
      blogs: [blogFromWire(wireBlog('bob', { activity_data: { sparkline: [1, 2] } }))],
    });
    state = blogsReducer(state, {
      type: 'received',
      blogs: [blogFromWire(wireBlog('bob', { follower_count: 9 }))],
    });
    expect(state.byName.bob.sparkline).toEqual([1, 2]);
    expect(state.byName.bob.followerCount).toBe(9);
  });

  it('flips following optimistically and moves the follower count with it', () => {
    let state = blogsReducer(initialBlogsState, {
      type: 'received',
      blogs: [blogFromWire(wireBlog('bob'))],
    });
    state = blogsReducer(state, { type: 'followingSet', name: 'bob', following: true });
    expect(state.byName.bob.following).toBe(true);
    expect(state.byName.bob.followerCount).toBe(5);
    // Setting the same state again changes nothing.
    expect(blogsReducer(state, { type: 'followingSet', name: 'bob', following: true })).toBe(state);
    state = blogsReducer(state, { type: 'followingSet', name: 'bob', following: false });
    expect(state.byName.bob.following).toBe(false);
    expect(state.byName.bob.followerCount).toBe(4);
  });

  it('puts a live notification at the top once, and keeps it when an older load lands', () => {
    const follower = (id: number, timestamp: number) => wireNotification(id, { timestamp });
    let state = blogsReducer(initialBlogsState, {
      type: 'received',
      blogs: [blogFromWire(wireBlog('alice', { activity_notifications: [follower(1, 100)] }))],
    });
    const live = blogFromWire(wireBlog('alice', { activity_notifications: [follower(2, 200)] })).notifications![0];
    state = blogsReducer(state, { type: 'notificationReceived', name: 'alice', notification: live });
    state = blogsReducer(state, { type: 'notificationReceived', name: 'alice', notification: live });
    expect(state.byName.alice.notifications!.map((n) => n.id)).toEqual([2, 1]);
    // An answer computed before the live one arrived does not drop it.
    state = blogsReducer(state, {
      type: 'received',
      blogs: [blogFromWire(wireBlog('alice', { activity_notifications: [follower(1, 100)] }))],
    });
    expect(state.byName.alice.notifications!.map((n) => n.id)).toEqual([2, 1]);
  });

  it("counts a live notification in today's sparkline once, and starts a blog's first one", () => {
    const note = (id: number) => blogFromWire(wireBlog('x', { activity_notifications: [wireNotification(id)] })).notifications![0];
    const days = Array<number>(30).fill(0);
    days[29] = 2;
    let state = blogsReducer(initialBlogsState, {
      type: 'received',
      blogs: [
        blogFromWire(wireBlog('alice', { activity_notifications: [], activity_data: { sparkline: days } })),
        blogFromWire(wireBlog('bob', { activity_notifications: [], activity_data: { sparkline: [] } })),
      ],
    });
    state = blogsReducer(state, { type: 'notificationReceived', name: 'alice', notification: note(5) });
    state = blogsReducer(state, { type: 'notificationReceived', name: 'alice', notification: note(5) });
    expect(state.byName.alice.sparkline!.at(-1)).toBe(3);
    expect(state.byName.alice.sparkline!.slice(0, 29).every((n) => n === 0)).toBe(true);
    state = blogsReducer(state, { type: 'notificationReceived', name: 'bob', notification: note(6) });
    expect(state.byName.bob.sparkline).toHaveLength(30);
    expect(state.byName.bob.sparkline!.at(-1)).toBe(1);
  });

  it("takes a save's counts for a loaded blog, keeping the rest, and ignores an unloaded one", () => {
    let state = blogsReducer(initialBlogsState, {
      type: 'received',
      blogs: [blogFromWire(wireBlog('alice', { is_mine: true, post_count: 3, follower_count: 7, draft_count: 1, queued_post_count: 0 }))],
    });
    state = blogsReducer(state, {
      type: 'countsSaved',
      counts: { name: 'alice', postCount: 4, draftCount: 2, queuedPostCount: 5, transcodingCount: 1 },
    });
    const { postCount, draftCount, queuedPostCount, transcodingCount, followerCount } = state.byName.alice;
    expect({ postCount, draftCount, queuedPostCount, transcodingCount, followerCount }).toEqual({
      postCount: 4,
      draftCount: 2,
      queuedPostCount: 5,
      transcodingCount: 1,
      followerCount: 7,
    });
    const after = blogsReducer(state, {
      type: 'countsSaved',
      counts: { name: 'bob', postCount: 1, draftCount: 0, queuedPostCount: 0, transcodingCount: 0 },
    });
    expect(after.byName.bob).toBeUndefined();
  });

  it("takes a group's new member count where a load with member data brought one", () => {
    let state = blogsReducer(initialBlogsState, {
      type: 'received',
      blogs: [blogFromWire(wireBlog('team', { member_count: 1 })), blogFromWire(wireBlog('bob'))],
    });
    state = blogsReducer(state, { type: 'memberCountSet', name: 'team', memberCount: 2 });
    state = blogsReducer(state, { type: 'memberCountSet', name: 'bob', memberCount: 2 });
    expect(state.byName.team.memberCount).toBe(2);
    expect(state.byName.bob.memberCount).toBeUndefined();
  });

  it('marks an answered invitation as waiting no more', () => {
    const invite = wireNotification(7, { type: 'group_invite', group_invite: { pending: true } });
    let state = blogsReducer(initialBlogsState, {
      type: 'received',
      blogs: [blogFromWire(wireBlog('alice', { is_mine: true, activity_notifications: [invite, wireNotification(6)] }))],
    });
    state = blogsReducer(state, { type: 'groupInviteAnswered', name: 'alice', notificationId: 7 });
    expect(state.byName.alice.notifications?.map((n) => n.groupInvite)).toEqual([{ pending: false }, null]);
  });
});
