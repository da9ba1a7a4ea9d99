import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DashboardPage } from '.';
import { fakeApi } from '../../test/fakeApi';
import { user, wireBlog } from '../../test/fixtures';
import { wirePost } from '../../test/postFixtures';
import { renderWithProviders } from '../../test/renderApp';

function renderDashboardAt(posts: ReturnType<typeof wirePost>[]) {
  const api = fakeApi({
    'GET /svc/post/dashboard/after/0': () => ({ response: { posts } }),
    'GET /svc/blogs/explore': () => ({ response: { blogs: [wireBlog('carol', { title: 'Carol writes' })] } }),
  });
  const view = renderWithProviders(<DashboardPage />, { client: api.client, user: user(), path: '/dashboard' });
  return { ...api, ...view };
}

const renderDashboard = (posts: ReturnType<typeof wirePost>[]) => renderDashboardAt(posts);

describe('DashboardPage', () => {
  it("shows the user's feed, with the acting-as selector and blogs to explore beside it", async () => {
    const { requests } = renderDashboard([wirePost(2), wirePost(1)]);
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
    const feed = await screen.findByRole('feed', { name: 'Your dashboard' });
    expect(within(feed).getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Acting as' })).toBeTruthy();
    const explore = screen.getByRole('region', { name: 'Blogs to explore' });
    expect((await within(explore).findByRole('link', { name: /carol/ })).getAttribute('href')).toBe('/blog/carol');
    expect(within(explore).getByRole('link', { name: 'Explore more blogs' }).getAttribute('href')).toBe('/explore');
    expect(requests.find((r) => r.path === '/svc/blogs/explore')?.query.get('limit')).toBe('5');
  });

  it('has the new-post buttons, text to video in order, each opening its /new/{type} route (spec 001 §2)', async () => {
    const { location } = renderDashboardAt([]);
    const buttons = within(screen.getByRole('navigation', { name: 'New post' })).getAllByRole('link');
    const label = (b: HTMLElement) => b.querySelector('.new-post-buttons__label')?.textContent;
    expect(buttons.map((b) => [label(b), b.getAttribute('href')])).toEqual([
      ['Text', '/new/text'],
      ['Photo', '/new/photo'],
      ['Quote', '/new/quote'],
      ['Link', '/new/link'],
      ['Chat', '/new/chat'],
      ['Audio', '/new/audio'],
      ['Video', '/new/video'],
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'New quote post' }));
    expect(location.history.at(-1)).toBe('/new/quote');
    await screen.findByText(/Your dashboard is empty/);
  });

  it('listens for new posts on the dashboard channel alone, and holds what it hears behind "N new posts"', async () => {
    const { realtime } = renderDashboard([wirePost(2), wirePost(1)]);
    await screen.findByRole('feed', { name: 'Your dashboard' });
    // One channel for the feed whatever the user follows (the posts shown add their notes').
    expect(realtime.channels().filter((c) => !c.startsWith('notes:'))).toEqual(['dashboard']);
    act(() =>
      realtime.emit({ channel: 'dashboard', seq: 40, event: 'post', data: { blog: 'carol', id: 3, action: 'created' } }),
    );
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeTruthy();
  });

  it('says when the feed is empty and points to explore', async () => {
    renderDashboard([]);
    const empty = await screen.findByText(/Your dashboard is empty/);
    expect(within(empty).getByRole('link', { name: 'explore blogs' }).getAttribute('href')).toBe('/explore');
  });
});
