import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ActivityPage } from './components/ActivityPage';
import { fakeApi } from '../../test/fakeApi';
import { user, wireBlog, wireNotification } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';

// Noon, so that "a minute ago" is today whenever the suite runs. Only Date is faked.
vi.useFakeTimers({ toFake: ['Date'] });
vi.setSystemTime(new Date(2026, 10, 23, 12, 0, 0));
afterAll(() => vi.useRealTimers());
const now = Math.floor(Date.now() / 1000);

function followedBy(id: number, from: string) {
  return wireNotification(id, {
    timestamp: now - 60,
    from_tumblelog: { name: from, avatar_url_48: `/avatar/${from}/48`, avatar_url_128: `/avatar/${from}/128`, url: `/blog/${from}`, is_friend: false },
  });
}

describe('the activity page (/activity: the activity popover where a phone finds it)', () => {
  it('shows the current blog’s notifications by day, live, under the page’s title', async () => {
    const { client, requests } = fakeApi({
      'GET /svc/data/tumblelog': () => ({
        response: wireBlog('alice', { is_mine: true, activity_notifications: [followedBy(2, 'bob'), followedBy(1, 'carol')] }),
      }),
    });
    const { realtime, location } = renderWithProviders(<ActivityPage />, { client, user: user(), path: '/activity' });
    await act(async () => {});
    expect(screen.getByRole('heading', { name: 'Activity', level: 1 })).toBeTruthy();
    const panel = screen.getByRole('region', { name: 'Activity' });
    expect(requests[0].query.get('tumblelog')).toBe('alice');
    expect(within(panel).getByRole('region', { name: 'Today' }).textContent).toContain('bob');

    await act(async () =>
      realtime.emit({ channel: 'activity:alice', seq: 1, event: 'notification', data: followedBy(3, 'dave') }),
    );
    expect(within(panel).getByRole('region', { name: 'Today' }).textContent).toContain('dave');

    // Its links lead on as the popover's do; the page has nothing to close.
    fireEvent.click(within(panel).getByRole('link', { name: 'See everything' }));
    expect(location.history?.at(-1)).toBe('/blog/alice/activity');
  });

  it('names an anonymous question’s asker Anonymous and keeps its row in line', async () => {
    const anonymous = wireNotification(4, { type: 'ask', message: 'asked you a question', timestamp: now - 60 });
    const { client } = fakeApi({
      'GET /svc/data/tumblelog': () => ({
        response: wireBlog('alice', { is_mine: true, activity_notifications: [anonymous, followedBy(5, 'bob')] }),
      }),
    });
    renderWithProviders(<ActivityPage />, { client, user: user(), path: '/activity' });
    await act(async () => {});
    const rows = within(screen.getByRole('region', { name: 'Today' })).getAllByRole('listitem');
    const asked = rows.find((row) => row.getAttribute('data-type') === 'ask');
    expect(asked?.textContent).toContain('Anonymous asked you a question');
    // In the place the others' avatars take.
    expect(asked?.firstElementChild?.className).toBe('notification__no-avatar');
  });
});
