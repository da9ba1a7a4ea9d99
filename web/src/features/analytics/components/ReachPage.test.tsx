import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReachPage } from '..';
import { fakeApi, type FakeRoute } from '../../../test/fakeApi';
import FakeUplot from '../../../test/fakeUplot';
import { user, userBlog } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { wireAnalytics } from '../../../test/analyticsFixtures';

vi.mock('uplot', () => import('../../../test/fakeUplot'));

const twoBlogs = user({
  currentBlog: 'alice',
  blogs: [userBlog('alice', { isCurrent: true, isPrimary: true }), userBlog('alice-art')],
});

function renderPage(route: FakeRoute, who = twoBlogs, path = '/radar/analytics') {
  FakeUplot.drawn = [];
  const api = fakeApi({ 'GET /svc/blog/analytics': route });
  const { location } = renderWithProviders(<ReachPage />, { client: api.client, user: who, path });
  const asked = () => api.requests.filter((r) => r.path === '/svc/blog/analytics').map((r) => Object.fromEntries(r.query));
  return { ...api, asked, location };
}

/** Answers each blog's figures for the days asked. */
const reachRoute: FakeRoute = (req) => ({ response: reached(req.query.get('tumblelog')!, Number(req.query.get('days'))) });
const blogsReached = () => within(screen.getByLabelText('Totals')).getByText('Blogs reached').nextElementSibling?.textContent;

const reached = (blog: string, days: number) =>
  wireAnalytics(blog, days, () => ({ likes: 1, reblogs: 2 }), {
    blogs_reached: blog === 'alice' ? 12 : 3,
    top_rebloggers: [
      { name: 'bob', reblogs: 9 },
      { name: 'carol', reblogs: 1 },
    ],
  });

describe('ReachPage', () => {
  it("shows the current blog's reach: blogs reached, reblogs and likes per day, the top rebloggers", async () => {
    const { asked } = renderPage((req) => ({ response: reached(req.query.get('tumblelog')!, Number(req.query.get('days'))) }));
    const rebloggers = await screen.findByRole('list', { name: 'Top rebloggers' });
    expect(asked()).toEqual([{ tumblelog: 'alice', days: '30', page: 'reach' }]);
    const totals = screen.getByLabelText('Totals');
    expect(within(totals).getByText('Blogs reached').nextElementSibling?.textContent).toBe('12');
    expect(within(totals).getByText('Reblogs').nextElementSibling?.textContent).toBe('60');
    expect(within(totals).getByText('Likes').nextElementSibling?.textContent).toBe('30');
    expect(FakeUplot.drawn.map((c) => c.opts.series.slice(1).map((s) => s.label))).toEqual([['Reblogs', 'Likes']]);
    expect(within(rebloggers).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['bob', '/blog/bob'],
      ['carol', '/blog/carol'],
    ]);
    expect(within(rebloggers).getByText('9 reblogs')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Period' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Your figures, day by day' })).toBeTruthy();
  });

  it('reads another of the user\'s blogs when chosen, and 90 days when switched', async () => {
    const { asked, location } = renderPage(reachRoute);
    await screen.findByRole('list', { name: 'Top rebloggers' });
    fireEvent.change(screen.getByLabelText('Blog'), { target: { value: 'alice-art' } });
    expect(location.history).toEqual(['/radar/analytics', '/radar/analytics?blog=alice-art']);
    await waitFor(() => expect(blogsReached()).toBe('3'));
    fireEvent.click(screen.getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(within(screen.getByLabelText('Totals')).getByText('Likes').nextElementSibling?.textContent).toBe('90'));
    expect(asked()).toEqual([
      { tumblelog: 'alice', days: '30', page: 'reach' },
      { tumblelog: 'alice-art', days: '30', page: 'reach' },
      { tumblelog: 'alice-art', days: '90', page: 'reach' },
    ]);
  });

  it('reads the chosen blog from the address, so a reload or back and forward keep it', async () => {
    const { asked, location } = renderPage(reachRoute, twoBlogs, '/radar/analytics?blog=alice-art');
    await waitFor(() => expect(blogsReached()).toBe('3'));
    expect((screen.getByLabelText('Blog') as HTMLSelectElement).value).toBe('alice-art');
    expect(asked()).toEqual([{ tumblelog: 'alice-art', days: '30', page: 'reach' }]);

    fireEvent.change(screen.getByLabelText('Blog'), { target: { value: 'alice' } });
    expect(location.history.at(-1)).toBe('/radar/analytics?blog=alice');
    await waitFor(() => expect(blogsReached()).toBe('12'));

    // Back: the address names alice-art again, and so does the page.
    act(() => location.navigate('/radar/analytics?blog=alice-art'));
    await waitFor(() => expect(blogsReached()).toBe('3'));
    expect((screen.getByLabelText('Blog') as HTMLSelectElement).value).toBe('alice-art');
  });

  it("shows the current blog for a name in the address that is not one of the user's", async () => {
    const { asked } = renderPage(reachRoute, twoBlogs, '/radar/analytics?blog=mallory');
    await waitFor(() => expect(blogsReached()).toBe('12'));
    expect((screen.getByLabelText('Blog') as HTMLSelectElement).value).toBe('alice');
    expect(asked()).toEqual([{ tumblelog: 'alice', days: '30', page: 'reach' }]);
  });

  it('offers no chooser with one blog, and says when nobody noted it', async () => {
    renderPage(() => ({ response: wireAnalytics('alice', 30) }), user());
    expect(await screen.findByText("No other blog liked or reblogged alice's posts in these 30 days.")).toBeTruthy();
    expect(screen.queryByLabelText('Blog')).toBeNull();
  });

  it("says Reach is not turned on in the server's words, as the page's empty state", async () => {
    const { asked } = renderPage(() => ({
      status: 403,
      errors: [{ code: 'not_premium', detail: 'Reach is not turned on for this blog.' }],
    }));
    expect(await screen.findByText('Reach is not turned on for this blog.')).toBeTruthy();
    expect(screen.queryByText("Only the blog's owner can see its analytics.")).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(asked()).toEqual([{ tumblelog: 'alice', days: '30', page: 'reach' }]);
    // The message alone, but the chooser stays: another of the user's blogs may have Reach.
    expect(screen.queryByRole('group', { name: 'Period' })).toBeNull();
    expect(screen.queryByText('The last 30 days')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Your figures, day by day' })).toBeNull();
    expect(screen.getByLabelText('Blog')).toBeTruthy();
  });

  it("says only the owner can see a blog's analytics on a 403", async () => {
    renderPage(() => ({ status: 403, errors: [{ code: 'not_your_blog', detail: 'Not yours.' }] }));
    expect(await screen.findByText("Only the blog's owner can see its analytics.")).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Period' })).toBeNull();
    expect(screen.queryByText('The last 30 days')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Your figures, day by day' })).toBeNull();
  });
});
