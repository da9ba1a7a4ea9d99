import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fakeApi';
import { wireNotification, wireUserBlog, wireUserModel } from '../test/fixtures';
import { fetchUserInfo } from './endpoints';
import { notificationFromWire, userInfoFromWire } from './models';
import type { NotificationPost } from '../protocol/NotificationPost';

const names = (blogs: { name: string }[] | undefined) => blogs?.map((b) => b.name);

// Someone else's group as the user model lists it: not theirs, no unread count, no messaging.
const othersGroup = (name: string, role: 'admin' | 'member') =>
  wireUserBlog(name, { is_mine: false, member_role: role, member_count: 3, unread_count: 0, can_message: false });

describe("the user model's own blogs and the groups of others", () => {
  it('reads the group fields of each blog', () => {
    const info = userInfoFromWire(
      wireUserModel({ channels: [wireUserBlog('alice', { is_current: true, is_primary: true }), othersGroup('bobs-team', 'member')] }),
    );
    expect(info.user?.blogs[0]).toMatchObject({ name: 'alice', memberRole: null, memberCount: 0 });
    expect(info.user?.groups[0]).toMatchObject({ name: 'bobs-team', memberRole: 'member', memberCount: 3, unreadCount: 0, canMessage: false });
  });

  it('takes the blogs that are the user\'s own as their blogs, in order, and the others as groups, whatever the role', () => {
    const info = userInfoFromWire(
      wireUserModel({
        channels: [
          wireUserBlog('alice', { is_current: true, is_primary: true }),
          wireUserBlog('alice-team', { member_role: 'admin', member_count: 2 }),
          wireUserBlog('alice-art'),
          // An admin of someone else's group: the role alone does not make it theirs.
          othersGroup('bobs-team', 'admin'),
          othersGroup('zines', 'member'),
        ],
      }),
    );
    expect(names(info.user?.blogs)).toEqual(['alice', 'alice-team', 'alice-art']);
    expect(names(info.user?.groups)).toEqual(['bobs-team', 'zines']);
  });

  it('has no groups when every blog is the user\'s own, and no user for a visitor', () => {
    expect(userInfoFromWire(wireUserModel()).user?.groups).toEqual([]);
    expect(userInfoFromWire({ form_key: 'k' })).toEqual({ formKey: 'k', user: null });
  });

  it('reads the user model with the one request, whatever groups it lists', async () => {
    const { client, requests } = fakeApi({
      'GET /svc/user/info': () => ({
        response: wireUserModel({
          channels: [
            wireUserBlog('alice', { is_current: true, is_primary: true }),
            wireUserBlog('alice-team', { member_role: 'admin' }),
            othersGroup('bobs-team', 'admin'),
          ],
        }),
      }),
    });
    const info = await fetchUserInfo(client);
    expect(requests.map((r) => r.path)).toEqual(['/svc/user/info']);
    expect(names(info.user?.blogs)).toEqual(['alice', 'alice-team']);
    expect(names(info.user?.groups)).toEqual(['bobs-team']);
  });
});

describe('a notification', () => {
  const post = (extra: Partial<NotificationPost> = {}): NotificationPost => ({
    id: 7,
    url: '/blog/alice/post/7',
    type: 'photo',
    summary: 'A walk',
    media_url: '/media/walk.jpg',
    video_thumbnail_url: '',
    is_ask: false,
    is_answer: false,
    ...extra,
  });

  it("reads a reblog's new post: the reblog's page, what it added and the words it quotes", () => {
    const reblog = notificationFromWire(
      wireNotification(1, { type: 'reblog', post: post(), new_post: { url: '/blog/bob/post/9/a-walk', diff: 'So <b>good</b>', quote: 'A walk' } }),
    );
    expect(reblog).toMatchObject({ postUrl: '/blog/alice/post/7', reblog: { url: '/blog/bob/post/9/a-walk', diff: 'So <b>good</b>', quote: 'A walk' } });
    // An address that is not the server's own nor the web's is no link.
    const odd = notificationFromWire(wireNotification(2, { type: 'reblog', new_post: { url: 'javascript:alert(1)', diff: '', quote: '' } }));
    expect(odd.reblog).toEqual({ url: null, diff: '', quote: '' });
    expect(notificationFromWire(wireNotification(3)).reblog).toBeNull();
  });

  it("reads a reply's words and an answer's, the other one none", () => {
    const reply = notificationFromWire(wireNotification(1, { type: 'reply', post: post(), note_meta: { reply_text: 'Nice', answer_text: '' } }));
    expect([reply.replyText, reply.answerText]).toEqual(['Nice', null]);
    const answer = notificationFromWire(
      wireNotification(2, { type: 'answer', post: post({ type: 'note', is_answer: true }), note_meta: { reply_text: '', answer_text: 'Hook Head.' } }),
    );
    expect([answer.replyText, answer.answerText]).toEqual([null, 'Hook Head.']);
    const follower = notificationFromWire(wireNotification(3));
    expect([follower.replyText, follower.answerText]).toEqual([null, null]);
  });

  it("reads a video post's poster as its thumbnail, and none for other posts", () => {
    const video = notificationFromWire(
      wireNotification(1, { type: 'like', post: post({ type: 'video', media_url: '/media/poster.jpg', video_thumbnail_url: '/media/poster.jpg' }) }),
    );
    expect(video).toMatchObject({ postMediaUrl: '/media/poster.jpg', postVideoThumbnailUrl: '/media/poster.jpg' });
    expect(notificationFromWire(wireNotification(2, { type: 'like', post: post() })).postVideoThumbnailUrl).toBe('');
    expect(notificationFromWire(wireNotification(3)).postVideoThumbnailUrl).toBe('');
  });
});
