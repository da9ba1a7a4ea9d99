// The docking area on the dashboard, fed from the activity popover (spec 000 §4, §9).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationData } from '../../protocol/NotificationData';
import { fakeApi, type FakeRequest } from '../../test/fakeApi';
import { user, wireBlog, wireNotification } from '../../test/fixtures';
import { wirePost } from '../../test/postFixtures';
import { renderWithProviders } from '../../test/renderApp';
import { ActivityPopover } from '../activity';
import { DashboardPage } from '../dashboard';

const reply = (id: number, postId: number): NotificationData =>
  wireNotification(id, {
    type: 'reply',
    message: `replied to post ${postId}`,
    post: { id: postId, url: `/blog/alice/post/${postId}`, type: 'text', summary: '', media_url: '', video_thumbnail_url: '', is_ask: false, is_answer: false },
  });

function renderDashboardWithActivity() {
  const api = fakeApi({
    'GET /svc/post/dashboard/after/0': () => ({ response: { posts: [] } }),
    'GET /svc/blogs/explore': () => ({ response: { blogs: [] } }),
    'GET /svc/data/tumblelog': () => ({
      response: wireBlog('alice', { is_mine: true, activity_notifications: [reply(1, 7), reply(2, 8)] }),
    }),
    'GET /svc/indash_blog/posts': (req: FakeRequest) => {
      const id = Number(req.query.get('post_id'));
      return { response: { posts: [wirePost(id, { tumblelog: 'alice' })], tumblelog: wireBlog('alice') } };
    },
  });
  return renderWithProviders(
    <>
      <ActivityPopover onNavigate={() => {}} />
      <DashboardPage />
    </>,
    { client: api.client, user: user(), path: '/dashboard' },
  );
}

const area = () => screen.queryByRole('complementary', { name: 'Docked post' });
const dockedIds = () => Array.from(area()?.querySelectorAll('article.post') ?? []).map((a) => a.getAttribute('data-post-id'));
const resizeTo = (width: number) =>
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });

// jsdom's own width, back for the next test (its page is gone by then: no event needed).
afterEach(() => {
  window.innerWidth = 1024;
});

describe('the docking area', () => {
  it('docks a post opened from the activity popover beside the column, one at a time, in the gutter', async () => {
    const { location } = renderDashboardWithActivity();
    expect(area()).toBeNull();
    fireEvent.click(await screen.findByRole('link', { name: 'replied to post 7' }));
    expect(location.history).toEqual(['/dashboard']);
    expect(await within(area()!).findByRole('article')).toBeTruthy();
    expect(dockedIds()).toEqual(['7']);
    // jsdom lays nothing out: the column starts at 0, so the gutter is its least, 215 px.
    expect([area()!.style.left, area()!.style.width]).toEqual(['20px', '175px']);
    expect(document.querySelector('.page--with-dock')).not.toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'replied to post 8' }));
    await waitFor(() => expect(dockedIds()).toEqual(['8']));

    fireEvent.click(within(area()!).getByRole('button', { name: 'Close docked post' }));
    expect(area()).toBeNull();
    expect(document.querySelector('.page--with-dock')).toBeNull();
  });

  it('keeps a post protected from eviction: another is opened as a page instead', async () => {
    const { location } = renderDashboardWithActivity();
    fireEvent.click(await screen.findByRole('link', { name: 'replied to post 7' }));
    await within(area()!).findByRole('article');
    const keep = within(area()!).getByRole('button', { name: 'Keep docked' });
    fireEvent.click(keep);
    expect(keep.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('link', { name: 'replied to post 8' }));
    expect(location.history.at(-1)).toBe('/blog/alice/post/8');
    expect(dockedIds()).toEqual(['7']);
  });

  it('shows only on a viewport 900 px wide or more; narrower, posts open as pages', async () => {
    const { location } = renderDashboardWithActivity();
    fireEvent.click(await screen.findByRole('link', { name: 'replied to post 7' }));
    await within(area()!).findByRole('article');
    resizeTo(899);
    expect(area()).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'replied to post 8' }));
    expect(location.history.at(-1)).toBe('/blog/alice/post/8');
    // Held meanwhile: wide again, it is back.
    resizeTo(900);
    expect(dockedIds()).toEqual(['7']);
  });
});
