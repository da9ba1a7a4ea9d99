import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BlogAnalyticsPage } from '..';
import { fakeApi, type FakeRoute } from '../../../test/fakeApi';
import FakeUplot from '../../../test/fakeUplot';
import { user } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { wireAnalytics } from '../../../test/analyticsFixtures';

vi.mock('uplot', () => import('../../../test/fakeUplot'));

function renderPage(route: FakeRoute, name = 'alice') {
  const api = fakeApi({ 'GET /svc/blog/analytics': route });
  renderWithProviders(<BlogAnalyticsPage name={name} />, { client: api.client, user: user(), path: `/blog/${name}/analytics` });
  const asked = () => api.requests.filter((r) => r.path === '/svc/blog/analytics').map((r) => Object.fromEntries(r.query));
  return { ...api, asked };
}

/** Two likes and a reblog every day, a new follower on the last, a post on the first. */
const busy = (days: number) =>
  wireAnalytics('alice', days, (i) => ({ likes: 2, reblogs: 1, followers: i === days - 1 ? 1 : 0, posts: i === 0 ? 1 : 0 }), {
    most_noted: [
      { id: 7, post_url: '/blog/alice/post/7', summary: 'Fog over the harbour', notes: 40 },
      { id: 3, post_url: '/blog/alice/post/3', summary: 'Tea notes', notes: 1 },
    ],
  });

describe('BlogAnalyticsPage', () => {
  beforeEach(() => {
    FakeUplot.drawn = [];
  });

  it('shows the totals, a chart per figure with its figures readable, and the most noted posts', async () => {
    const { asked } = renderPage(() => ({ response: busy(30) }));
    const totals = await screen.findByRole('list', { name: 'Most noted posts' });
    expect(asked()).toEqual([{ tumblelog: 'alice', days: '30', page: 'analytics' }]);
    const dl = screen.getByLabelText('Totals');
    expect(within(dl).getByText('Notes').nextElementSibling?.textContent).toBe('90');
    expect(within(dl).getByText('Likes').nextElementSibling?.textContent).toBe('60');
    expect(within(dl).getByText('New followers').nextElementSibling?.textContent).toBe('1');

    // Three charts: notes (likes, reblogs, replies), followers, posts as bars.
    expect(FakeUplot.drawn.filter((c) => !c.destroyed).map((c) => c.opts.series.slice(1).map((s) => s.label))).toEqual([
      ['Likes', 'Reblogs', 'Replies'],
      ['New followers'],
      ['Posts'],
    ]);
    const notesChart = screen.getByRole('table', { name: 'Notes per day, per day' });
    expect(within(notesChart).getAllByRole('row')).toHaveLength(31);
    expect(screen.getByText('Likes 60 · Reblogs 30 · Replies 0')).toBeTruthy();

    const links = within(totals).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Fog over the harbour', '/blog/alice/post/7'],
      ['Tea notes', '/blog/alice/post/3'],
    ]);
    expect(within(totals).getByText('40 notes')).toBeTruthy();
    expect(within(totals).getByText('1 note')).toBeTruthy();
  });

  it('asks for 90 days when switched, and back', async () => {
    const { asked } = renderPage((req) => ({ response: busy(Number(req.query.get('days'))) }));
    await screen.findByRole('list', { name: 'Most noted posts' });
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(within(screen.getByLabelText('Totals')).getByText('Likes').nextElementSibling?.textContent).toBe('180'));
    expect(screen.getByRole('button', { name: '90 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(asked().map((q) => q.days)).toEqual(['30', '90']);
    expect(screen.getByText(/the last 90 days/)).toBeTruthy();
    // Back to 30 days: the period already read shows from the cache.
    fireEvent.click(screen.getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(within(screen.getByLabelText('Totals')).getByText('Likes').nextElementSibling?.textContent).toBe('60'));
    expect(asked().map((q) => q.days)).toEqual(['30', '90']);
  });

  it("says only the owner can see someone else's blog's analytics", async () => {
    renderPage(() => ({ status: 403, errors: [{ code: 'not_your_blog', detail: 'That is not your blog.' }] }), 'bob');
    expect(await screen.findByText("Only the blog's owner can see its analytics.")).toBeTruthy();
    expect(screen.queryByText('That is not your blog.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    // The message alone: no period, Reach link or help about figures there are none of.
    expect(screen.queryByRole('group', { name: 'Period' })).toBeNull();
    expect(screen.queryByText(/the last 30 days/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Reach' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Your figures, day by day' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Analytics', level: 1 })).toBeTruthy();
  });

  it('shows the period switch, the Reach link and the first-visit help with the figures', async () => {
    renderPage(() => ({ response: busy(30) }));
    await screen.findByRole('list', { name: 'Most noted posts' });
    expect(screen.getByRole('group', { name: 'Period' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reach' }).getAttribute('href')).toBe('/radar/analytics?blog=alice');
    expect(screen.getByRole('dialog', { name: 'Your figures, day by day' })).toBeTruthy();
  });

  it("says Analytics are not turned on in the server's words, as the page's empty state", async () => {
    const { asked } = renderPage(() => ({
      status: 403,
      errors: [{ code: 'not_premium', detail: 'Analytics are not turned on for this blog.' }],
    }));
    expect(await screen.findByText('Analytics are not turned on for this blog.')).toBeTruthy();
    expect(screen.queryByText("Only the blog's owner can see its analytics.")).toBeNull();
    expect(screen.queryByText("The figures couldn't be loaded.")).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Period' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Reach' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Your figures, day by day' })).toBeNull();
    expect(asked()).toEqual([{ tumblelog: 'alice', days: '30', page: 'analytics' }]);
  });

  it('fails quietly with Try again', async () => {
    let calls = 0;
    renderPage(() => (++calls === 1 ? { status: 500, errors: [{ code: 'internal', detail: 'Boom' }] } : { response: busy(30) }));
    expect(await screen.findByText("The figures couldn't be loaded.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Most noted posts' })).toBeTruthy();
  });

  it('says when nothing happened in the period, without charts', async () => {
    renderPage(() => ({ response: wireAnalytics('alice', 30) }));
    expect(await screen.findByText('Nothing yet in these 30 days: no notes, new followers or posts.')).toBeTruthy();
    expect(FakeUplot.drawn).toHaveLength(0);
  });

  it('shows a loader while the figures load', async () => {
    renderPage(() => new Promise(() => {}));
    expect(await screen.findByRole('progressbar', { name: 'Loading the figures' })).toBeTruthy();
  });
});
