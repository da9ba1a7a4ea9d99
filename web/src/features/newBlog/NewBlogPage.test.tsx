import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NewBlogPage } from '.';
import { fakeApi } from '../../test/fakeApi';
import { user, userBlog, wireUserBlog, wireUserModel } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';

const twoBlogs = user({ blogs: [userBlog('alice', { isCurrent: true, isPrimary: true }), userBlog('alice-art')] });

function withChannels(...names: string[]) {
  return wireUserModel({
    channels: [
      wireUserBlog('alice', { is_current: true, is_primary: true }),
      wireUserBlog('alice-art'),
      ...names.map((name) => wireUserBlog(name, { member_role: 'admin', member_count: 1 })),
    ],
  });
}

function fillIn(name: string) {
  fireEvent.change(screen.getByLabelText('Blog name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Title (optional)'), { target: { value: 'The team' } });
}

describe('NewBlogPage', () => {
  it('makes a blog of the user alone by default, as it did', async () => {
    const { client, requests } = fakeApi({
      'POST /new/blog': () => ({ response: { blog: wireUserBlog('solo'), user: withChannels() } }),
    });
    const { location } = renderWithProviders(<NewBlogPage />, { client, user: twoBlogs, path: '/new/blog' });
    expect((screen.getByRole('checkbox', { name: 'Group blog (others can write on it)' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByLabelText('Post in it as')).toBeNull();
    fillIn('solo');
    fireEvent.click(screen.getByRole('button', { name: 'Create blog' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/blog/solo'));
    expect(requests.map((r) => r.path)).toEqual(['/new/blog']);
  });

  it('makes a group blog with the blog the user posts in it as, and takes the new user model', async () => {
    const { client, requests } = fakeApi({
      'POST /svc/group/create': () => ({ response: { blog: wireUserBlog('team', { member_role: 'admin' }), user: withChannels('team') } }),
    });
    const { location } = renderWithProviders(<NewBlogPage />, { client, user: twoBlogs, path: '/new/blog' });
    fillIn('team');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Group blog (others can write on it)' }));
    const as = screen.getByLabelText('Post in it as') as HTMLSelectElement;
    expect(as.value).toBe('alice');
    expect([...as.options].map((o) => o.value)).toEqual(['alice', 'alice-art']);
    fireEvent.change(as, { target: { value: 'alice-art' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create group blog' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/blog/team'));
    const create = requests.find((r) => r.path === '/svc/group/create')!;
    expect([create.form.get('blog_name'), create.form.get('title'), create.form.get('as')]).toEqual(['team', 'The team', 'alice-art']);
    expect(requests.some((r) => r.path === '/new/blog')).toBe(false);
  });

  it("shows the server's refusal of the name", async () => {
    const { client } = fakeApi({
      'POST /svc/group/create': () => ({ status: 400, errors: [{ code: 'blog_name_taken', field: 'blog_name', detail: 'That blog name is taken.' }] }),
    });
    renderWithProviders(<NewBlogPage />, { client, user: twoBlogs, path: '/new/blog' });
    fillIn('taken');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Group blog (others can write on it)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create group blog' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That blog name is taken.');
  });
});
