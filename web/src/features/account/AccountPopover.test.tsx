import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountPopover } from '.';
import { deferred, fakeApi, type FakeAnswer } from '../../test/fakeApi';
import { user, userBlog, wireBlog } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';

const twoBlogs = user({
  currentBlog: 'alice-art',
  likedPostCount: 0,
  friendCount: 1234,
  blogs: [
    userBlog('alice', { isPrimary: true, unreadCount: 150 }),
    userBlog('alice-art', { isCurrent: true, isPrivateGroupBlog: true }),
  ],
});

describe('AccountPopover', () => {
  it('shows counts only above 0, with separators, and the Blogs section', () => {
    const { client } = fakeApi({
      'GET /svc/data/tumblelog': () => ({ response: wireBlog('alice-art', { is_mine: true }) }),
    });
    renderWithProviders(<AccountPopover onNavigate={() => {}} />, { client, user: twoBlogs });
    expect(screen.getByRole('link', { name: 'Likes' }).textContent).toBe('Likes');
    expect(screen.getByRole('link', { name: /Following/ }).textContent).toBe('Following1,234');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/help');
    expect(screen.getByRole('link', { name: 'New' }).getAttribute('href')).toBe('/new/blog');
    // The form key says the logout is the user's own, not a link on another site.
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/logout?form_key=test-form-key');
  });

  it('lists the current blog first and open, loading its data with a loader first', async () => {
    const answer = deferred<FakeAnswer>();
    const { client, requests } = fakeApi({ 'GET /svc/data/tumblelog': () => answer.promise });
    renderWithProviders(<AccountPopover onNavigate={() => {}} />, { client, user: twoBlogs });

    const rows = within(screen.getByRole('list', { name: 'Blogs' })).getAllByRole('listitem');
    const rowNames = rows.map((r) => r.getAttribute('data-blog')).filter(Boolean);
    expect(rowNames).toEqual(['alice-art', 'alice']);
    const details = screen.getByRole('button', { name: 'Details for alice-art' });
    expect(details.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('progressbar', { name: 'Loading alice-art' })).toBeTruthy();
    const load = requests.find((r) => r.path === '/svc/data/tumblelog')!;
    expect(load.query.get('tumblelog')).toBe('alice-art');
    expect(load.query.get('include_member_data')).toBe('1');
    expect(load.query.get('include_activity_data')).toBe('1');

    await act(async () => {
      answer.resolve({
        response: wireBlog('alice-art', { is_mine: true, follower_count: 2500, draft_count: 2, activity_data: { sparkline: [] } }),
      });
    });
    const menu = screen.getByRole('list', { name: 'alice-art menu' });
    const labels = within(menu).getAllByRole('link').map((a) => a.textContent);
    expect(labels).toEqual(['Posts', 'Followers2,500', 'Drafts']);

    // Locked open until the user reorders.
    fireEvent.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
  });

  it('marks private group blogs with a lock and caps the unread badge at 99+', () => {
    const { client } = fakeApi({
      'GET /svc/data/tumblelog': () => ({ response: wireBlog('alice-art', { is_mine: true }) }),
    });
    renderWithProviders(<AccountPopover onNavigate={() => {}} />, { client, user: twoBlogs });
    expect(screen.getByRole('img', { name: 'Private group blog' })).toBeTruthy();
    // Past the cap the name says what the badge shows (WCAG 2.5.3).
    expect(screen.getByLabelText('99+ unread on alice').textContent).toBe('99+');
  });

  it('saves a new order with POST /order, and puts the old one back when it fails', async () => {
    const answer = deferred<FakeAnswer>();
    const { client, requests } = fakeApi({
      'GET /svc/data/tumblelog': () => ({ response: wireBlog('alice-art', { is_mine: true }) }),
      'POST /order': () => answer.promise,
    });
    renderWithProviders(<AccountPopover onNavigate={() => {}} />, { client, user: twoBlogs });
    const rowNames = () =>
      within(screen.getByRole('list', { name: 'Blogs' }))
        .getAllByRole('listitem')
        .map((r) => r.getAttribute('data-blog'))
        .filter(Boolean);
    expect(rowNames()).toEqual(['alice-art', 'alice']);

    // Moving 'alice' up gives the saved order back: nothing to save, but the list now shows
    // the saved order instead of lifting the current blog first.
    fireEvent.click(screen.getByRole('button', { name: 'Move alice up' }));
    expect(rowNames()).toEqual(['alice', 'alice-art']);
    expect(requests.filter((r) => r.path === '/order')).toHaveLength(0);

    const down = screen.getByRole('button', { name: 'Move alice down' }) as HTMLButtonElement;
    await waitFor(() => expect(down.disabled).toBe(false));
    fireEvent.click(down);
    expect(rowNames()).toEqual(['alice-art', 'alice']);
    const order = requests.find((r) => r.path === '/order')!;
    expect(JSON.parse(order.form.get('channel_names')!)).toEqual(['alice-art', 'alice']);
    expect(order.form.get('form_key')).toBe('test-form-key');

    await act(async () => {
      answer.resolve({ status: 400, errors: [{ code: 'invalid_order', detail: 'That order is not valid.' }] });
    });
    expect(await screen.findByText('That order is not valid.')).toBeTruthy();
    expect(rowNames()).toEqual(['alice', 'alice-art']);
  });

  it('confirms before logging out', async () => {
    const { client } = fakeApi({
      'GET /svc/data/tumblelog': () => ({ response: wireBlog('alice-art', { is_mine: true }) }),
    });
    renderWithProviders(<AccountPopover onNavigate={() => {}} />, { client, user: twoBlogs });
    fireEvent.click(screen.getByRole('link', { name: 'Log out' }));
    expect(await screen.findByText('Are you sure you want to log out?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  });

  it("lists the groups of others the user writes after their own blogs, out of the order, with their members", async () => {
    const withGroups = user({
      ...twoBlogs,
      blogs: [...twoBlogs.blogs, userBlog('alice-team', { memberRole: 'admin', memberCount: 2 })],
      groups: [userBlog('bobs-band', { memberRole: 'member', memberCount: 3, unreadCount: 7 })],
    });
    const { client, requests } = fakeApi({
      'GET /svc/data/tumblelog': (req) => {
        const name = req.query.get('tumblelog')!;
        return name === 'bobs-band'
          ? { response: wireBlog(name, { member_role: 'member', member_count: 3, draft_count: 1, radar_feature_premium: true, is_visible_premium_partner: true }) }
          : { response: wireBlog(name, { is_mine: true }) };
      },
      'POST /order': () => ({ response: { saved: true } }),
    });
    renderWithProviders(<AccountPopover onNavigate={() => {}} />, { client, user: withGroups });
    const rows = within(screen.getByRole('list', { name: 'Blogs' })).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-blog')).filter(Boolean)).toEqual(['alice-art', 'alice', 'alice-team', 'bobs-band']);
    const band = rows.find((r) => r.getAttribute('data-blog') === 'bobs-band')!;
    expect(band.textContent).toContain('Group blog · member');
    expect(rows.find((r) => r.getAttribute('data-blog') === 'alice-team')!.textContent).toContain('Group blog · admin');
    // Not the user's to move, and its unread counts are its owner's.
    expect(band.getAttribute('draggable')).toBeNull();
    expect(within(band).queryByRole('button', { name: /Move bobs-band/ })).toBeNull();
    expect(within(band).queryByLabelText(/unread on bobs-band/)).toBeNull();

    fireEvent.click(within(band).getByRole('button', { name: 'Details for bobs-band' }));
    const menu = await screen.findByRole('list', { name: 'bobs-band menu' });
    expect(within(menu).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Posts', '/blog/bobs-band'],
      ['Followers4', '/blog/bobs-band/followers'],
      ['Members', '/blog/bobs-band/members'],
      ['Drafts', '/blog/bobs-band/drafts'],
    ]);
    // Its counts, not its owner's activity (which the server refuses a member).
    const load = requests.find((r) => r.query.get('tumblelog') === 'bobs-band')!;
    expect([load.query.get('include_member_data'), load.query.get('include_activity_data')]).toEqual(['1', null]);

    // Reordering sends the user's own blogs alone.
    fireEvent.click(screen.getByRole('button', { name: 'Move alice-team up' }));
    const order = await waitFor(() => requests.find((r) => r.path === '/order')!);
    expect(JSON.parse(order.form.get('channel_names')!)).toEqual(['alice-art', 'alice-team', 'alice']);
  });
});
