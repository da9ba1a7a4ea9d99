import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { BlogCard } from '.';
import type { User } from '../../api/models';
import { blogFromWire } from '../../api/models';
import type { Flagged } from '../../api/types/Flagged';
import { fakeApi } from '../../test/fakeApi';
import { user, wireBlog } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { useBlog, useBlogsDispatch } from '../blogs';

const THANKS = 'Thanks for telling us. Our moderators will take a look.';

function Seeded({ isMine }: { isMine: boolean }) {
  const dispatch = useBlogsDispatch();
  const bob = useBlog('bob');
  useEffect(() => {
    dispatch({ type: 'received', blogs: [blogFromWire(wireBlog('bob', { is_mine: isMine }))] });
  }, [dispatch, isMine]);
  return bob ? <BlogCard name="bob" /> : null;
}

function renderCard({ isMine = false, signedIn = user() }: { isMine?: boolean; signedIn?: User | null } = {}) {
  const api = fakeApi({
    'GET /svc/*/posts/highlighted': () => ({ response: { highlighted_posts: [] } }),
    'POST /svc/blog/flag': () => ({ response: { flagged: true, message: THANKS } satisfies Flagged }),
  });
  renderWithProviders(<Seeded isMine={isMine} />, { client: api.client, user: signedIn });
  return api;
}

async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'About bob' }));
  return screen.getByRole('dialog', { name: 'About bob' });
}

describe('the blog card menu’s Flag this blog', () => {
  it('is there for a signed-in user on someone else’s blog', async () => {
    renderCard();
    expect(within(await openMenu()).getByRole('button', { name: 'Flag this blog' })).toBeTruthy();
  });

  it('is not there on the user’s own blog', async () => {
    renderCard({ isMine: true });
    expect(within(await openMenu()).queryByRole('button', { name: 'Flag this blog' })).toBeNull();
  });

  it('is not there for a visitor', async () => {
    renderCard({ signedIn: null });
    expect(within(await openMenu()).queryByRole('button', { name: 'Flag this blog' })).toBeNull();
  });

  it('turns the menu into the flag form; Cancel brings the menu back', async () => {
    const { requests } = renderCard();
    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole('button', { name: 'Flag this blog' }));
    const form = within(menu).getByRole('form', { name: 'Flag this blog' });
    expect(within(menu).queryByRole('button', { name: 'Block' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(within(menu).getByRole('button', { name: 'Flag this blog' }));
    expect(within(menu).getByRole('button', { name: 'Block' })).toBeTruthy();
    expect(requests.filter((r) => r.path === '/svc/blog/flag')).toHaveLength(0);
  });

  it('flags the blog, thanks the user, and Close closes the menu', async () => {
    const { requests } = renderCard();
    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole('button', { name: 'Flag this blog' }));
    fireEvent.click(within(menu).getByRole('radio', { name: 'Something else' }));
    fireEvent.change(within(menu).getByLabelText('Note'), { target: { value: 'Impersonates me' } });
    fireEvent.click(within(menu).getByRole('button', { name: 'Send' }));
    expect((await within(menu).findByRole('status')).textContent).toBe(THANKS);
    const sent = requests.find((r) => r.path === '/svc/blog/flag')!;
    expect([sent.form.get('tumblelog'), sent.form.get('reason'), sent.form.get('note')]).toEqual(['bob', 'other', 'Impersonates me']);

    fireEvent.click(within(menu).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'About bob' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'About bob' }));
  });
});
