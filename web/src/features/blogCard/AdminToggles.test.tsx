import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { BlogCard } from '.';
import { blogFromWire } from '../../api/models';
import type { PremiumToggleAnswer } from '../../api/types/PremiumToggleAnswer';
import type { ToggleAnswer } from '../../api/types/ToggleAnswer';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { user, wireBlog } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { useBlog, useBlogsDispatch } from '../blogs';

function Seeded() {
  const dispatch = useBlogsDispatch();
  const bob = useBlog('bob');
  useEffect(() => {
    dispatch({
      type: 'received',
      blogs: [blogFromWire(wireBlog('bob', { is_nsfw: true, radar_feature_premium: true, is_visible_premium_partner: false }))],
    });
  }, [dispatch]);
  return bob ? <BlogCard name="bob" /> : null;
}

/**
 * A server whose toggles flip bob's flags, starting from NSFW only, and his grants, starting
 * from Reach only.
 */
function renderCard(isAdmin: boolean, routes: Record<string, FakeRoute> = {}, suspended = false) {
  const flags = { is_spam: false, is_nsfw: true, is_suspended: suspended };
  const flip = (flag: keyof typeof flags) => () => {
    flags[flag] = !flags[flag];
    return { response: { tumblelog: 'bob', ...flags } satisfies ToggleAnswer };
  };
  const grants = { radar_feature_premium: true, is_visible_premium_partner: false };
  const grant = (which: keyof typeof grants) => () => {
    grants[which] = !grants[which];
    return { response: { tumblelog: 'bob', ...grants } satisfies PremiumToggleAnswer };
  };
  const api = fakeApi({
    'GET /svc/*/posts/highlighted': () => ({ response: { highlighted_posts: [] } }),
    'GET /svc/admin/blog_flags': () => ({ response: { tumblelog: 'bob', ...flags } satisfies ToggleAnswer }),
    'POST /spam/toggle': flip('is_spam'),
    'POST /nsfw/toggle': flip('is_nsfw'),
    'POST /suspended/toggle': flip('is_suspended'),
    'POST /radar/toggle': grant('radar_feature_premium'),
    'POST /premium_partner/toggle': grant('is_visible_premium_partner'),
    ...routes,
  });
  renderWithProviders(<Seeded />, { client: api.client, user: user({ isAdmin }) });
  return api;
}

/**
 * The toggle named `name` once the answer it shows is in and the toggles take presses again.
 * The label can change a render before the buttons are enabled again (the flags come from the
 * query cache, whose update renders at once; the end of the toggle's action a moment later),
 * and a press in between would be lost on a disabled button, as a person's would be.
 */
function settledToggle(admin: HTMLElement, name: string) {
  return waitFor(() => {
    const button = within(admin).getByRole('button', { name }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    return button;
  });
}

async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'About bob' }));
  return screen.getByRole('dialog', { name: 'About bob' });
}

describe('the blog card menu for administrators', () => {
  it('has no flags for anyone else', async () => {
    renderCard(false);
    const menu = await openMenu();
    expect(within(menu).queryByRole('group', { name: 'Administrator' })).toBeNull();
    expect(within(menu).queryByRole('button', { name: 'Mark as spam' })).toBeNull();
    expect(within(menu).queryByRole('group', { name: 'Grants' })).toBeNull();
    expect(within(menu).queryByRole('checkbox', { name: 'Grant Reach' })).toBeNull();
  });

  it('flips spam, NSFW and suspended, showing the state the server answers', async () => {
    const { requests } = renderCard(true);
    const menu = await openMenu();
    const admin = await within(menu).findByRole('group', { name: 'Administrator' });
    expect(within(admin).getByRole('status').textContent).toBe('Flagged: NSFW.');

    fireEvent.click(within(admin).getByRole('button', { name: 'Mark as spam' }));
    await settledToggle(admin, 'Unmark spam');
    expect(within(admin).getByRole('status').textContent).toBe('Flagged: spam, NSFW.');

    fireEvent.click(within(admin).getByRole('button', { name: 'Unmark NSFW' }));
    await settledToggle(admin, 'Mark as NSFW');

    fireEvent.click(within(admin).getByRole('button', { name: 'Suspend' }));
    await settledToggle(admin, 'Unsuspend');
    expect(within(admin).getByRole('status').textContent).toBe('Flagged: spam, suspended.');

    const toggles = requests.filter((r) => r.path.endsWith('/toggle'));
    expect(toggles.map((r) => [r.path, r.form.get('tumblelog'), r.form.get('form_key')])).toEqual([
      ['/spam/toggle', 'bob', 'test-form-key'],
      ['/nsfw/toggle', 'bob', 'test-form-key'],
      ['/suspended/toggle', 'bob', 'test-form-key'],
    ]);

    // Closed and opened again, the menu shows the last answer.
    fireEvent.click(screen.getByRole('button', { name: 'About bob' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'About bob' })).toBeNull());
    const again = await openMenu();
    expect(within(again).getByRole('status').textContent).toBe('Flagged: spam, suspended.');
  });

  it('starts from the flags the server reads: a suspended blog offers Unsuspend', async () => {
    const { requests } = renderCard(true, {}, true);
    const menu = await openMenu();
    const admin = await within(menu).findByRole('group', { name: 'Administrator' });
    expect(within(admin).getByRole('status').textContent).toBe('Flagged: NSFW, suspended.');
    expect(within(admin).getByRole('button', { name: 'Unsuspend' })).toBeTruthy();
    expect(requests.find((r) => r.path === '/svc/admin/blog_flags')?.query.get('tumblelog')).toBe('bob');
  });

  it('grants Reach and Analytics, each checked as the server answers', async () => {
    const { requests } = renderCard(true);
    const menu = await openMenu();
    const grants = within(menu).getByRole('group', { name: 'Grants' });
    const reach = within(grants).getByRole('checkbox', { name: 'Grant Reach' }) as HTMLInputElement;
    const analytics = within(grants).getByRole('checkbox', { name: 'Grant Analytics' }) as HTMLInputElement;
    // At first, what the blog model says the blog has.
    expect([reach.checked, analytics.checked]).toEqual([true, false]);

    fireEvent.click(analytics);
    await waitFor(() => expect(analytics.checked).toBe(true));
    fireEvent.click(reach);
    await waitFor(() => expect(reach.checked).toBe(false));
    expect(analytics.checked).toBe(true);

    const toggles = requests.filter((r) => r.path.endsWith('/toggle'));
    expect(toggles.map((r) => [r.path, r.form.get('tumblelog'), r.form.get('form_key')])).toEqual([
      ['/premium_partner/toggle', 'bob', 'test-form-key'],
      ['/radar/toggle', 'bob', 'test-form-key'],
    ]);

    // Closed and opened again, the menu shows the last answer.
    fireEvent.click(screen.getByRole('button', { name: 'About bob' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'About bob' })).toBeNull());
    const again = within(await openMenu()).getByRole('group', { name: 'Grants' });
    expect(
      within(again)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).checked),
    ).toEqual([false, true]);
  });

  it('keeps a grant as it was and says why when the server refuses', async () => {
    renderCard(true, {
      'POST /radar/toggle': () => ({ status: 403, errors: [{ code: 'not_admin', detail: 'Only administrators can do that.' }] }),
    });
    const grants = within(await openMenu()).getByRole('group', { name: 'Grants' });
    const reach = within(grants).getByRole('checkbox', { name: 'Grant Reach' }) as HTMLInputElement;
    fireEvent.click(reach);
    expect((await within(grants).findByRole('alert')).textContent).toBe('Only administrators can do that.');
    expect(reach.checked).toBe(true);
  });
});
