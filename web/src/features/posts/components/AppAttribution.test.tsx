import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TECHNICAL_TROUBLE } from '../../../api/postActions';
import type { Post as WirePost } from '../../../api/types/Post';
import { fakeApi, type FakeRoute } from '../../../test/fakeApi';
import { user, wireBlog } from '../../../test/fixtures';
import { wirePost } from '../../../test/postFixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { OnePost } from '../../blogPage/components/OnePost';
import { useBlogViewerPosts } from '../../blogViewer/useBlogViewerPosts';
import { PostList } from './PostList';
import { PostView } from './PostView';

/** The server's answer: the post as it now is, with no app named. */
const ANSWERS_REMOVED: FakeRoute = (req) => ({
  response: { post: wirePost(Number(req.form.get('post_id')), { tumblelog: 'alice', is_mine: true, app_name: null }) },
});

/** Alice's dashboard: her own post 5 and ann's post 6, both posted by apps, and post 7 by hand. */
const dashboard: WirePost[] = [
  wirePost(5, { tumblelog: 'alice', is_mine: true, app_name: 'Feed <b>bot</b>' }),
  wirePost(6, { tumblelog: 'ann', app_name: 'ann-ci' }),
  wirePost(7, { tumblelog: 'alice', is_mine: true }),
];

function renderDashboard(remove: FakeRoute = ANSWERS_REMOVED) {
  const api = fakeApi({
    'GET /svc/post/dashboard/after/0': () => ({ response: { posts: dashboard } }),
    'POST /svc/post/remove_app_attribution': remove,
  });
  renderWithProviders(<PostList page={{ root: 'dashboard' }} label="The posts" empty={<p>Nothing here.</p>} />, {
    client: api.client,
    user: user(),
  });
  return api;
}

const article = (id: number) => document.querySelector<HTMLElement>(`article[data-post-id="${id}"]`)!;
const feedIds = () =>
  within(screen.getByRole('feed', { name: 'The posts' }))
    .getAllByRole('article')
    .map((a) => Number(a.getAttribute('data-post-id')));

describe('AppAttribution: Posted with {app}', () => {
  it("says which app posted it, as text, and offers Remove only on the reader's own post", async () => {
    renderDashboard();
    await waitFor(() => expect(feedIds()).toEqual([5, 6, 7]));
    const own = article(5);
    // The name is the user's words: the tags show as typed, never as markup.
    expect(within(own).getByText('Posted with Feed <b>bot</b>')).toBeTruthy();
    expect(own.querySelector('.post-footer b')).toBeNull();
    expect(within(own).getByRole('button', { name: 'Remove' })).toBeTruthy();

    expect(within(article(6)).getByText('Posted with ann-ci')).toBeTruthy();
    expect(within(article(6)).queryByRole('button', { name: 'Remove' })).toBeNull();

    expect(within(article(7)).queryByText(/Posted with/)).toBeNull();
    expect(within(article(7)).queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('removes it with the post and its blog, and the post changes in place', async () => {
    const { requests } = renderDashboard();
    await waitFor(() => expect(feedIds()).toEqual([5, 6, 7]));
    fireEvent.click(within(article(5)).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(article(5)).queryByText(/Posted with/)).toBeNull());
    expect(within(article(5)).queryByRole('button', { name: 'Remove' })).toBeNull();
    // Still where it was, and the other app's post untouched.
    expect(feedIds()).toEqual([5, 6, 7]);
    expect(within(article(6)).getByText('Posted with ann-ci')).toBeTruthy();
    const sent = requests.filter((r) => r.path === '/svc/post/remove_app_attribution');
    expect(sent.map((r) => [r.method, r.form.get('post_id'), r.form.get('tumblelog_id'), r.form.get('form_key')])).toEqual([
      ['POST', '5', 'alice', 'test-form-key'],
    ]);
  });

  it('shows why when the server refuses, and keeps the attribution', async () => {
    renderDashboard(() => ({ status: 403, errors: [{ code: 'app_not_allowed', detail: 'An app can only post. Do the rest on the site.' }] }));
    await waitFor(() => expect(feedIds()).toEqual([5, 6, 7]));
    fireEvent.click(within(article(5)).getByRole('button', { name: 'Remove' }));
    expect((await within(article(5)).findByRole('alert')).textContent).toBe('An app can only post. Do the rest on the site.');
    expect(within(article(5)).getByText('Posted with Feed <b>bot</b>')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('alerts the technical-trouble text on a 404, as every post action does, and says why beside it', async () => {
    renderDashboard(() => ({ status: 404, errors: [{ code: 'not_found', detail: 'No such post.' }] }));
    await waitFor(() => expect(feedIds()).toEqual([5, 6, 7]));
    fireEvent.click(within(article(5)).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(TECHNICAL_TROUBLE);
    expect(within(article(5)).getByRole('alert').textContent).toBe('No such post.');
    expect(within(article(5)).getByText('Posted with Feed <b>bot</b>')).toBeTruthy();
  });

  it("changes in place on the post's own page", async () => {
    const api = fakeApi({
      'GET /svc/indash_blog/posts': () => ({ response: { posts: [dashboard[0]], tumblelog: wireBlog('alice') } }),
      'POST /svc/post/remove_app_attribution': ANSWERS_REMOVED,
    });
    renderWithProviders(<OnePost blog="alice" postId={5} />, { client: api.client, user: user() });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText(/Posted with/)).toBeNull());
    expect(screen.getByRole('article')).toBeTruthy();
  });

  it("changes in place in the blog viewer's list", async () => {
    function ViewerPosts() {
      const { posts } = useBlogViewerPosts({ id: 1, name: 'alice' });
      return (
        <>
          {posts.map((p) => (
            <PostView key={p.id} post={p} />
          ))}
        </>
      );
    }
    const api = fakeApi({
      'GET /svc/indash_blog/posts': () => ({ response: { posts: [dashboard[0], dashboard[2]], tumblelog: wireBlog('alice') } }),
      'POST /svc/post/remove_app_attribution': ANSWERS_REMOVED,
    });
    renderWithProviders(<ViewerPosts />, { client: api.client, user: user() });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText(/Posted with/)).toBeNull());
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('data-post-id'))).toEqual(['5', '7']);
  });
});
