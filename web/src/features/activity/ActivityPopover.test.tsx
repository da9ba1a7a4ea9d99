import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ActivityPopover, INVITE_GONE } from '.';
import type { NotificationData } from '../../protocol/NotificationData';
import { deferred, fakeApi, type FakeAnswer } from '../../test/fakeApi';
import { user, userBlog, wireBlog, wireNotification, wireUserModel } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';

function follower(id: number, from: string, timestamp: number): NotificationData {
  return wireNotification(id, {
    timestamp,
    from_tumblelog: { name: from, avatar_url_48: `/avatar/${from}/48`, avatar_url_128: `/avatar/${from}/128`, url: `/blog/${from}`, is_friend: false },
  });
}

// Noon, so that "a minute ago" is today whenever the suite runs (it failed in the first
// minute after midnight). Only Date is faked: the tests' timers run for real.
vi.useFakeTimers({ toFake: ['Date'] });
vi.setSystemTime(new Date(2026, 10, 23, 12, 0, 0));
afterAll(() => vi.useRealTimers());
const now = Math.floor(Date.now() / 1000);
const twoBlogs = user({
  blogs: [userBlog('alice', { isCurrent: true, isPrimary: true }), userBlog('alice-art')],
});

describe('ActivityPopover', () => {
  it('loads the current blog with a loader, then shows notifications by day and See everything', async () => {
    const answer = deferred<FakeAnswer>();
    const { client, requests } = fakeApi({ 'GET /svc/data/tumblelog': () => answer.promise });
    renderWithProviders(<ActivityPopover onNavigate={() => {}} />, { client, user: twoBlogs });
    expect(screen.getByRole('progressbar', { name: 'Loading activity for alice' })).toBeTruthy();
    expect(requests[0].query.get('tumblelog')).toBe('alice');
    expect(requests[0].query.get('include_activity_notifications')).toBe('1');
    await act(async () =>
      answer.resolve({
        response: wireBlog('alice', {
          is_mine: true,
          activity_data: { sparkline: [0, 1, 2] },
          activity_notifications: [follower(2, 'bob', now - 60), follower(1, 'carol', now - 2 * 86_400 - 3600)],
        }),
      }),
    );
    expect(screen.getByRole('img', { name: /Activity for alice/ }).closest('a')!.getAttribute('href')).toBe('/blog/alice/activity');
    const headers = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headers[0]).toBe('Today');
    expect(headers).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Today' })).getByText('bob')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See everything' }).getAttribute('href')).toBe('/blog/alice/activity');
  });

  it('marks the notifications read once they show, while the user has unread activity', async () => {
    const { client, requests } = fakeApi({
      'GET /svc/data/tumblelog': () => ({
        response: wireBlog('alice', { is_mine: true, activity_notifications: [follower(2, 'bob', now - 60)] }),
      }),
      'POST /svc/blog/activity/read': () => ({ response: { tumblelog: 'alice', marked: 1 } }),
    });
    renderWithProviders(<ActivityPopover onNavigate={() => {}} />, {
      client,
      user: { ...twoBlogs, activityUnreadCount: 1 },
    });
    await screen.findByText('bob');
    const marked = () => requests.filter((r) => r.path === '/svc/blog/activity/read');
    await vi.waitFor(() => expect(marked()).toHaveLength(1));
    expect(marked()[0].form.get('tumblelog')).toBe('alice');
  });

  it('asks nothing when all is read', async () => {
    const { client, requests } = fakeApi({
      'GET /svc/data/tumblelog': () => ({
        response: wireBlog('alice', { is_mine: true, activity_notifications: [follower(2, 'bob', now - 60)] }),
      }),
    });
    renderWithProviders(<ActivityPopover onNavigate={() => {}} />, { client, user: twoBlogs });
    await screen.findByText('bob');
    expect(requests.some((r) => r.path === '/svc/blog/activity/read')).toBe(false);
  });

  it('links a reply to its post and shows its words as text', async () => {
    const reply = wireNotification(3, {
      ...follower(3, 'bob', now - 60),
      type: 'reply',
      message: 'replied to your post',
      post: { id: 7, url: '/blog/alice/post/7', type: 'photo', summary: 'Sunset <3', media_url: '/media/sun.png', video_thumbnail_url: '', is_ask: false, is_answer: false },
      note_meta: { reply_text: 'Nice <b>one</b>', answer_text: '' },
    });
    const { client } = fakeApi({
      'GET /svc/data/tumblelog': () => ({ response: wireBlog('alice', { is_mine: true, activity_notifications: [reply] }) }),
    });
    renderWithProviders(<ActivityPopover onNavigate={() => {}} />, { client, user: twoBlogs });
    await act(async () => {});
    expect(screen.getByRole('link', { name: 'replied to your post' }).getAttribute('href')).toBe('/blog/alice/post/7');
    const words = screen.getByText('Nice <b>one</b>');
    expect(words.tagName).toBe('Q');
    expect(words.querySelector('b')).toBeNull();
    // The post in a few words, as text, and its picture.
    expect(screen.getByText('Sunset <3').tagName).toBe('SPAN');
    expect(document.querySelector('img.notification__media')?.getAttribute('src')).toBe('/media/sun.png');
  });

  it('links a reblog to the reblog, shows what it added as text, and a video post by its poster', async () => {
    const post = { id: 7, url: '/blog/alice/post/7', type: 'video', summary: 'A walk', media_url: '/media/poster.jpg', video_thumbnail_url: '/media/poster.jpg', is_ask: false, is_answer: false };
    const reblog = wireNotification(4, {
      ...follower(4, 'bob', now - 60),
      type: 'reblog',
      message: 'reblogged your post',
      post,
      new_post: { url: '/blog/bob/post/9/a-walk', diff: 'So <i>good</i>', quote: 'A walk' },
    });
    // A fast reblog adds nothing: no words to show.
    const fast = wireNotification(5, {
      ...follower(5, 'carol', now - 120),
      type: 'reblog',
      message: 'reblogged your post',
      post: { ...post, type: 'photo', media_url: '/media/sun.png', video_thumbnail_url: '' },
      new_post: { url: '/blog/carol/post/10', diff: '', quote: 'A walk' },
    });
    const { client } = fakeApi({
      'GET /svc/data/tumblelog': () => ({ response: wireBlog('alice', { is_mine: true, activity_notifications: [reblog, fast] }) }),
    });
    renderWithProviders(<ActivityPopover onNavigate={() => {}} />, { client, user: twoBlogs });
    await act(async () => {});
    const [bobs, carols] = screen.getAllByRole('listitem');
    expect(within(bobs).getByRole('link', { name: 'reblogged your post' }).getAttribute('href')).toBe('/blog/bob/post/9/a-walk');
    const added = within(bobs).getByText('So <i>good</i>');
    expect(added.tagName).toBe('Q');
    expect(added.querySelector('i')).toBeNull();
    expect(within(bobs).getByRole('img', { name: 'A video' }).getAttribute('src')).toBe('/media/poster.jpg');
    expect(within(carols).getByRole('link', { name: 'reblogged your post' }).getAttribute('href')).toBe('/blog/carol/post/10');
    expect(carols.querySelector('q')).toBeNull();
    // A photo's picture, as before: no video's mark.
    expect(carols.querySelector('img.notification__media')?.getAttribute('src')).toBe('/media/sun.png');
    expect(within(carols).queryByRole('img', { name: 'A video' })).toBeNull();
  });

  it("shows an answer's words as text", async () => {
    const answer = wireNotification(6, {
      ...follower(6, 'bob', now - 60),
      type: 'answer',
      message: 'answered your question',
      post: { id: 8, url: '/blog/bob/post/8', type: 'note', summary: 'Which lighthouse?', media_url: '', video_thumbnail_url: '', is_ask: false, is_answer: true },
      note_meta: { reply_text: '', answer_text: 'Hook Head, <always>.' },
    });
    const { client } = fakeApi({
      'GET /svc/data/tumblelog': () => ({ response: wireBlog('alice', { is_mine: true, activity_notifications: [answer] }) }),
    });
    renderWithProviders(<ActivityPopover onNavigate={() => {}} />, { client, user: twoBlogs });
    await act(async () => {});
    expect(screen.getByRole('link', { name: 'answered your question' }).getAttribute('href')).toBe('/blog/bob/post/8');
    expect(screen.getByText('Hook Head, <always>.').tagName).toBe('Q');
    expect(document.querySelectorAll('q')).toHaveLength(1);
  });

  it('shows the empty text with no notifications, and a live notification in place at the top', async () => {
    const { client } = fakeApi({
      'GET /svc/data/tumblelog': () => ({ response: wireBlog('alice', { is_mine: true, activity_notifications: [] }) }),
    });
    const { realtime } = renderWithProviders(<ActivityPopover onNavigate={() => {}} />, { client, user: twoBlogs });
    await act(async () => {});
    expect(screen.getByText('Check out this tab when you make a post to see Likes, Reblogs, and new followers.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'See everything' })).toBeNull();
    expect(realtime.channels()).toContain('activity:alice');
    await act(async () =>
      realtime.emit({
        channel: 'activity:alice',
        seq: 1,
        event: 'notification',
        data: follower(9, 'dave', now),
      }),
    );
    expect(within(screen.getByRole('region', { name: 'Today' })).getByText('dave')).toBeTruthy();
    // One notification: no 'See everything' yet.
    expect(screen.queryByRole('link', { name: 'See everything' })).toBeNull();
  });

  it('switching blog loads that blog and listens to its channel instead', async () => {
    const { client, requests } = fakeApi({
      'GET /svc/data/tumblelog': (req) => ({
        response: wireBlog(req.query.get('tumblelog')!, { is_mine: true, activity_notifications: [] }),
      }),
    });
    const { realtime } = renderWithProviders(<ActivityPopover onNavigate={() => {}} />, { client, user: twoBlogs });
    await act(async () => {});
    fireEvent.click(screen.getByRole('button', { name: 'Activity for: alice' }));
    fireEvent.click(screen.getByRole('option', { name: 'alice-art' }));
    await act(async () => {});
    expect(requests.map((r) => r.query.get('tumblelog'))).toEqual(['alice', 'alice-art']);
    expect(realtime.channels()).toEqual(['activity:alice-art']);
  });

  describe("a group's invitation", () => {
    const from = (name: string) => ({ name, avatar_url_48: `/avatar/${name}/48`, avatar_url_128: `/avatar/${name}/128`, url: `/blog/${name}`, is_friend: false });
    const invited = (id: number, group: string, pending = true) =>
      wireNotification(id, {
        blog: 'alice-art',
        type: 'group_invite',
        message: 'invited you to join',
        timestamp: now - 60,
        from_tumblelog: from(group),
        group_invite: { pending },
      });
    const artFirst = user({ currentBlog: 'alice-art', blogs: [userBlog('alice', { isPrimary: true }), userBlog('alice-art', { isCurrent: true })] });

    function renderInvites(notifications: NotificationData[], respond: () => FakeAnswer) {
      const api = fakeApi({
        'GET /svc/data/tumblelog': () => ({ response: wireBlog('alice-art', { is_mine: true, activity_notifications: notifications }) }),
        'POST /svc/group/respond': respond,
        'GET /svc/user/info': () => ({ response: wireUserModel() }),
      });
      renderWithProviders(<ActivityPopover onNavigate={() => {}} />, { client: api.client, user: artFirst });
      return api;
    }

    it('accepts from the notification for the invited blog, says Joined in place and reads the user model again', async () => {
      const { requests } = renderInvites([invited(5, 'team'), invited(4, 'old-team', false)], () => ({
        response: { accepted: true, group: wireBlog('team', { member_role: 'member' }) },
      }));
      const item = (await screen.findByText('team')).closest('li')!;
      expect(item.textContent).toContain('invited you to join');
      // An invitation answered (or withdrawn) before has nothing to press.
      const old = screen.getByText('old-team').closest('li')!;
      expect(within(old).queryByRole('button')).toBeNull();
      fireEvent.click(within(item).getByRole('button', { name: 'Accept the invitation to team' }));
      const joined = await within(item).findByRole('status');
      expect(joined.textContent).toBe('Joined');
      expect(document.activeElement).toBe(joined);
      expect(within(item).queryByRole('button')).toBeNull();
      const respond = requests.find((r) => r.path === '/svc/group/respond')!;
      expect([respond.form.get('tumblelog'), respond.form.get('blog'), respond.form.get('accept')]).toEqual(['team', 'alice-art', '1']);
      await vi.waitFor(() => expect(requests.some((r) => r.path === '/svc/user/info')).toBe(true));
    });

    it('declines, saying Declined', async () => {
      const { requests } = renderInvites([invited(5, 'team')], () => ({
        response: { accepted: false, group: wireBlog('team') },
      }));
      fireEvent.click(await screen.findByRole('button', { name: 'Decline the invitation to team' }));
      expect((await screen.findByRole('status')).textContent).toBe('Declined');
      expect(requests.find((r) => r.path === '/svc/group/respond')?.form.get('accept')).toBe('0');
    });

    it('says an invitation withdrawn meanwhile is gone', async () => {
      renderInvites([invited(5, 'team')], () => ({
        status: 404,
        errors: [{ code: 'no_invite', detail: "There is no invitation to 'team' waiting for that blog." }],
      }));
      fireEvent.click(await screen.findByRole('button', { name: 'Accept the invitation to team' }));
      expect((await screen.findByRole('alert')).textContent).toBe(INVITE_GONE);
      expect(screen.queryByRole('button', { name: /Accept|Decline/ })).toBeNull();
    });
  });
});
