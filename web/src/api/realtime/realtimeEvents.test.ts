import { describe, expect, it } from 'vitest';
import { realtimeEventFromWire } from './realtimeEvents';

describe('event frames as components hear them', () => {
  it('reads a message, a read and a conversation into the messaging models', () => {
    const message = { conversation_id: 7, id: 3, ts: 1_700_000_000_000, participant: 'bob', message: 'Hi', type: '' };
    expect(realtimeEventFromWire({ channel: 'conversation:7', seq: 4, event: 'message', data: message })).toEqual({
      channel: 'conversation:7',
      seq: 4,
      event: 'message',
      data: { id: 3, clientId: null, conversationId: 7, ts: 1_700_000_000_000, participant: 'bob', message: 'Hi', type: 'TEXT', isPending: false },
    });
    expect(
      realtimeEventFromWire({ channel: 'conversation:7', seq: 5, event: 'read', data: { conversation_id: 7, participant: 'bob', last_read_ts: 1795 } }).data,
    ).toEqual({ conversationId: 7, participant: 'bob', lastReadTs: 1795 });
    const summary = {
      id: 7,
      blog: 'alice',
      last_modified_ts: 20,
      last_read_ts: 10,
      unread: true,
      participants: [{ name: 'bob', title: 'Bob', avatar_url: '/a/bob' }],
      last_message: message,
    };
    expect(realtimeEventFromWire({ channel: 'inbox:alice', seq: 1, event: 'conversation', data: summary }).data).toMatchObject({
      id: 7,
      lastModifiedTs: 20,
      lastReadTs: 10,
      unread: true,
      participants: [{ name: 'bob', title: 'Bob', avatarUrl: '/a/bob', theme: null }],
      lastMessage: { id: 3, participant: 'bob' },
    });
  });

  it('reads a notification, the unread counts, a note count and a post change', () => {
    const notification = {
      id: 9,
      blog: 'alice',
      type: 'follower',
      timestamp: 1795,
      message: '',
      is_friend: false,
      is_read: false,
      from_tumblelog: null,
      post: null,
      note_meta: null,
      group_invite: null,
      new_post: null,
    };
    expect(realtimeEventFromWire({ channel: 'activity:alice', seq: 2, event: 'notification', data: notification }).data).toMatchObject({
      id: 9,
      type: 'follower',
      fromBlog: null,
      postUrl: null,
      replyText: null,
      blog: 'alice',
      groupInvite: null,
    });
    const counts = { messaging: 2, blogs: [{ blog: 'alice', messaging: 2, activity: 1 }] };
    expect(realtimeEventFromWire({ channel: 'unread', seq: 1, event: 'unread', data: counts }).data).toEqual(counts);
    expect(realtimeEventFromWire({ channel: 'notes:5', seq: 1, event: 'notes', data: { root_id: 5, note_count: 12 } }).data).toEqual({
      rootId: 5,
      noteCount: 12,
    });
    const change = { blog: 'alice', id: 5, action: 'deleted' as const };
    expect(realtimeEventFromWire({ channel: 'posts:alice', seq: 3, event: 'post', data: change })).toEqual({
      channel: 'posts:alice',
      seq: 3,
      event: 'post',
      data: change,
    });
  });

  it("reads a group's members change", () => {
    expect(
      realtimeEventFromWire({ channel: 'members:team', seq: 4, event: 'members', data: { blog: 'team', member_count: 3 } }),
    ).toEqual({ channel: 'members:team', seq: 4, event: 'members', data: { blog: 'team', memberCount: 3 } });
  });
});
