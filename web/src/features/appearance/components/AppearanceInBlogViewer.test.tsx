// Edit appearance opens the blog viewer drawer while editing (spec 000 §2.10: a request with
// editing_appearance): the blog's posts on its background, painted as the edits not saved
// yet would make it, without the reader's controls.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BlogViewerProvider } from '../../../components/blogViewerOpener';
import { fakeApi } from '../../../test/fakeApi';
import { user, wireBlog } from '../../../test/fixtures';
import { wirePost } from '../../../test/postFixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { BlogViewerDrawer } from '../../blogViewer/components/BlogViewerDrawer';
import { DrawerHost } from '../../drawer';
import { EditAppearancePage } from './EditAppearancePage';

const alice = () => wireBlog('alice', { is_mine: true, can_view_customize: true });

function renderPage() {
  const api = fakeApi({
    'GET /svc/data/tumblelog': () => ({ response: alice() }),
    'GET /svc/indash_blog/header': () => ({ response: { tumblelog: alice() } }),
    'GET /svc/indash_blog/posts': () => ({
      response: { posts: [wirePost(2, { tumblelog: 'alice', is_mine: true }), wirePost(1, { tumblelog: 'alice', is_mine: true })], tumblelog: alice() },
    }),
    'GET /svc/alice/posts/highlighted': () => ({ response: { highlighted_posts: [] } }),
  });
  renderWithProviders(
    <BlogViewerProvider>
      <EditAppearancePage name="alice" />
      <BlogViewerDrawer />
      <DrawerHost />
    </BlogViewerProvider>,
    { client: api.client, user: user() },
  );
  return api;
}

describe('Edit appearance in the blog viewer', () => {
  it('previews the edits not saved yet, with the blog’s posts, and saves nothing', async () => {
    const { requests } = renderPage();
    const edit = within(await screen.findByRole('form', { name: 'Edit appearance' }));
    fireEvent.change(edit.getByLabelText('Title'), { target: { value: 'Alice outdoors' } });
    fireEvent.change(edit.getByLabelText('Background colour'), { target: { value: '#102030' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview in the blog viewer' }));

    const drawer = await screen.findByRole('dialog', { name: 'alice (blog viewer)' });
    // The drawer's content loads when a blog is first opened.
    expect((await within(drawer).findByRole('status')).textContent).toBe("Previewing alice's appearance");
    expect(within(drawer).getByRole('article', { name: 'Preview of alice' })).toBeTruthy();
    expect(within(drawer).getByRole('heading', { name: 'Alice outdoors' })).toBeTruthy();
    expect(drawer.querySelector<HTMLElement>('.blog-viewer')!.style.backgroundColor).toBe('rgb(16, 32, 48)');
    await waitFor(() => expect(drawer.querySelectorAll('article.post')).toHaveLength(2));
    // No reader's controls: no toolbar, no search, no follow.
    expect(within(drawer).queryByRole('toolbar')).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Search' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /Follow/ })).toBeNull();
    expect(requests.some((r) => r.path === '/svc/blog/appearance')).toBe(false);
  });
});
