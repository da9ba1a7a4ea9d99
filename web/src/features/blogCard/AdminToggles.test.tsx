import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { BlogCard } from '.';
import { blogFromWire } from '../../api/models';
import type { ToggleAnswer } from '../../api/types/ToggleAnswer';
import { fakeApi } from '../../test/fakeApi';
import { user, wireBlog } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { useBlog, useBlogsDispatch } from '../blogs';

function Seeded() {
  const dispatch = useBlogsDispatch();
  const bob = useBlog('bob');
  useEffect(() => {
    dispatch({ type: 'received', blogs: [blogFromWire(wireBlog('bob', { is_nsfw: true }))] });
  }, [dispatch]);
  return bob ? <BlogCard name="bob" /> : null;
}

/** A server whose toggles flip bob's flags, starting from NSFW only. */
function renderCard(isAdmin: boolean) {
  const flags = { is_spam: false, is_nsfw: true, is_suspended: false };
  const flip = (flag: keyof typeof flags) => () => {
    flags[flag] = !flags[flag];
    return { response: { tumblelog: 'bob', ...flags } satisfies ToggleAnswer };
  };
  const api = fakeApi({
    'GET /svc/*/posts/highlighted': () => ({ response: { highlighted_posts: [] } }),
    'POST /spam/toggle': flip('is_spam'),
    'POST /nsfw/toggle': flip('is_nsfw'),
    'POST /suspended/toggle': flip('is_suspended'),
  });
  renderWithProviders(<Seeded />, { client: api.client, user: user({ isAdmin }) });
  return api;
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
  });

  it('flips spam, NSFW and suspended, showing the state the server answers', async () => {
    const { requests } = renderCard(true);
    const menu = await openMenu();
    const admin = within(menu).getByRole('group', { name: 'Administrator' });
    expect(within(admin).getByRole('status').textContent).toBe('Flagged: NSFW.');

    fireEvent.click(within(admin).getByRole('button', { name: 'Mark as spam' }));
    await within(admin).findByRole('button', { name: 'Unmark spam' });
    expect(within(admin).getByRole('status').textContent).toBe('Flagged: spam, NSFW.');

    fireEvent.click(within(admin).getByRole('button', { name: 'Unmark NSFW' }));
    await within(admin).findByRole('button', { name: 'Mark as NSFW' });

    fireEvent.click(within(admin).getByRole('button', { name: 'Suspend' }));
    await within(admin).findByRole('button', { name: 'Unsuspend' });
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
});
