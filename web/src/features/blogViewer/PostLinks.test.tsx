// Links to another blog's post open the blog viewer drawer on that post (spec 000 §2.10: a
// request with tumblelog_name, post_id and url), over the page: a reblog trail's, a post's
// date, a note's reblog, a blog card's highlighted post, a notification about a post that
// mentions the user or about a reblog of hers. The user's own posts, and any click but a plain
// one, go to the page.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { notificationFromWire } from '../../api/models';
import { postFromWire } from '../../api/postModels';
import type { Post as WirePost } from '../../api/types/Post';
import { BlogViewerProvider } from '../../components/blogViewerOpener';
import { fakeApi, type FakeRequest, type FakeRoute } from '../../test/fakeApi';
import { user, wireBlog, wireNotification } from '../../test/fixtures';
import { wirePost } from '../../test/postFixtures';
import { renderWithProviders } from '../../test/renderApp';
import { NotificationItem } from '../activity/components/NotificationItem';
import { DrawerHost } from '../drawer';
import { PostView } from '../posts';
import { BlogViewerDrawer } from './components/BlogViewerDrawer';

/** Every blog's posts: `count` of them, ids from `from` down. */
const postsOf = (blog: string, from: number, count = 3) =>
  Array.from({ length: count }, (_, i) => wirePost(from - i, { tumblelog: blog }));
const BLOG_POSTS: Record<string, WirePost[]> = { ann: postsOf('ann', 3), bob: postsOf('bob', 12), dave: postsOf('dave', 32) };

function renderPage(page: ReactNode, routes: Record<string, FakeRoute> = {}) {
  const api = fakeApi({
    'GET /svc/indash_blog/header': (req: FakeRequest) => ({
      response: { tumblelog: wireBlog(req.query.get('tumblelog_name_or_id')!) },
    }),
    'GET /svc/*/posts/highlighted': () => ({ response: { highlighted_posts: [] } }),
    'GET /svc/indash_blog/posts': (req: FakeRequest) => {
      const name = req.query.get('tumblelog_name_or_id')!;
      const all = BLOG_POSTS[name] ?? [];
      const postId = req.query.get('post_id');
      const posts = postId ? all.filter((p) => p.id === Number(postId)) : all.slice(0, 10);
      return { response: { posts, tumblelog: wireBlog(name) } };
    },
    ...routes,
  });
  const rendered = renderWithProviders(
    <BlogViewerProvider>
      {page}
      <BlogViewerDrawer />
      <DrawerHost />
    </BlogViewerProvider>,
    { client: api.client, user: user() },
  );
  return { ...api, ...rendered };
}

const drawerOf = (blog: string) => screen.getByRole('dialog', { name: `${blog} (blog viewer)` });
const drawerPostIds = (blog: string) =>
  Array.from(drawerOf(blog).querySelectorAll('article.post')).map((a) => Number(a.getAttribute('data-post-id')));
/** The drawer on `blog` shows `postId` alone, asked for by its id. */
async function expectDrawerOnPost(requests: FakeRequest[], blog: string, postId: number) {
  await waitFor(() => expect(drawerPostIds(blog)).toEqual([postId]));
  const asked = requests.filter((r) => r.path === '/svc/indash_blog/posts' && r.query.get('tumblelog_name_or_id') === blog);
  expect(asked.map((r) => r.query.get('post_id'))).toContain(String(postId));
}

describe('links to another blog’s post open the blog viewer on that post', () => {
  it('another page under the drawer (Back, a link in it) closes it; the composer over the page does not', async () => {
    const reblog = wirePost(40, {
      tumblelog: 'carol',
      is_reblog: true,
      reblog_source: { name: 'bob', url: '/blog/bob' },
      reblog_trail: [
        { pid: 11, name: 'bob', permalink: '/blog/bob/post/11/a-walk', content: '<p>Bob said</p>', avatar_url: '/avatar/bob/128', title: '', is_original_entry: true },
      ],
    });
    const { location } = renderPage(<PostView post={postFromWire(reblog)} />);
    const openOnBob = async () => {
      fireEvent.click(within(screen.getByRole('list', { name: 'Reblog trail' })).getByRole('link', { name: 'bob' }));
      await waitFor(() => expect(drawerPostIds('bob')).toEqual([11]));
    };
    await openOnBob();
    // The composer's page keeps the page under it: the drawer stays.
    act(() => location.navigate('/reblog/11/abc'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('dialog', { name: 'bob (blog viewer)' })).not.toBeNull();
    act(() => location.navigate('/'));
    await openOnBob();
    act(() => location.navigate('/explore'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'bob (blog viewer)' })).toBeNull());
  });

  it("a reblog trail's blog name: its post, and Open blog goes to that post's page", async () => {
    const reblog = wirePost(40, {
      tumblelog: 'carol',
      is_reblog: true,
      reblog_source: { name: 'bob', url: '/blog/bob' },
      reblog_trail: [
        { pid: 11, name: 'bob', permalink: '/blog/bob/post/11/a-walk', content: '<p>Bob said</p>', avatar_url: '/avatar/bob/128', title: '', is_original_entry: true },
      ],
    });
    const { requests, location } = renderPage(<PostView post={postFromWire(reblog)} />);
    const trail = screen.getByRole('list', { name: 'Reblog trail' });
    const link = within(trail).getByRole('link', { name: 'bob' });
    expect(link.getAttribute('href')).toBe('/blog/bob/post/11/a-walk');
    fireEvent.click(link);
    await expectDrawerOnPost(requests, 'bob', 11);
    expect(location.history).toEqual(['/']); // the page stays under the drawer
    fireEvent.click(within(drawerOf('bob')).getByRole('button', { name: 'Open blog' }));
    expect(location.history.at(-1)).toBe('/blog/bob/post/11/a-walk');
  });

  it("another blog's post's date, but not the user's own post's, and not a click for a new tab", async () => {
    const mine = wirePost(50, { tumblelog: 'alice', is_mine: true, post_url: '/blog/alice/post/50' });
    const { requests, location } = renderPage(
      <>
        <PostView post={postFromWire(wirePost(12, { tumblelog: 'bob', post_url: '/blog/bob/post/12' }))} />
        <PostView post={postFromWire(mine)} />
      </>,
    );
    const dateOf = (id: number) => document.querySelector<HTMLElement>(`article[data-post-id="${id}"] .post-footer__date`)!;
    expect(dateOf(12).getAttribute('href')).toBe('/blog/bob/post/12');
    fireEvent.click(dateOf(12), { ctrlKey: true });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(dateOf(12));
    await expectDrawerOnPost(requests, 'bob', 12);
    expect(location.history).toEqual(['/']);

    fireEvent.click(dateOf(50));
    expect(location.history.at(-1)).toBe('/blog/alice/post/50');
  });

  it("a note's reblog: the post it made; the note's blog name: the blog", async () => {
    const { requests } = renderPage(<PostView post={postFromWire(wirePost(5, { tumblelog: 'alice', is_mine: true, note_count: 1 }))} />, {
      'GET /svc/post/notes': () => ({
        response: {
          post_id: 5,
          root_id: 5,
          note_count: 1,
          notes: [
            { id: 1, type: 'reblog', post_id: 5, blog_name: 'dave', blog_url: '/blog/dave', avatar_url: '/avatar/dave/48', timestamp: 0, reblog_url: '/blog/dave/post/31', reblog_comment: '', reblog_tags: [] },
          ],
        },
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: '1 note' }));
    const notes = await screen.findByRole('list', { name: 'Notes on this post' });
    fireEvent.click(within(notes).getByRole('link', { name: 'reblogged this' }));
    await expectDrawerOnPost(requests, 'dave', 31);

    fireEvent.click(within(notes).getByRole('link', { name: 'dave' }));
    // Another request for the same blog: the drawer reloads on the blog's posts.
    await waitFor(() => expect(drawerPostIds('dave')).toEqual([32, 31, 30]));
  });

  it("a highlighted post on the blog card in the drawer: that post", async () => {
    const { requests } = renderPage(<PostView post={postFromWire(wirePost(12, { tumblelog: 'bob' }))} />, {
      'GET /svc/bob/posts/highlighted': () => ({
        response: { highlighted_posts: ['<a href="/blog/bob/post/10"><b>Ten</b></a>', '<a href="/blog/bob/post/9">Nine</a>'] },
      }),
    });
    fireEvent.click(within(document.querySelector('article.post')! as HTMLElement).getByRole('link', { name: 'bob' }));
    const highlighted = await within(drawerOf('bob')).findByRole('region', { name: 'Highlighted posts' });
    fireEvent.click(await within(highlighted).findByText('Ten', {}, { timeout: 2000 }));
    await expectDrawerOnPost(requests, 'bob', 10);
  });

  it("a post's Keep reading in the drawer: that post, whole, in the drawer; on the page under it, the post's page", async () => {
    const body = '<p>The start.</p><p>[[MORE]]</p><p>The rest.</p>';
    const long = (id: number) => wirePost(id, { tumblelog: 'erin', post_url: `/blog/erin/post/${id}/long`, content: { type: 'text', title: '', body } });
    const { requests, location } = renderPage(<PostView post={postFromWire(long(7))} />, {
      'GET /svc/indash_blog/posts': (req: FakeRequest) => {
        const postId = req.query.get('post_id');
        return { response: { posts: postId ? [long(Number(postId))] : [long(8), long(7)], tumblelog: wireBlog('erin') } };
      },
    });
    fireEvent.click(within(document.querySelector('article.post')! as HTMLElement).getByRole('link', { name: 'erin' }));
    await waitFor(() => expect(drawerPostIds('erin')).toEqual([8, 7]));
    const eight = drawerOf('erin').querySelector<HTMLElement>('article.post[data-post-id="8"]')!;
    expect(within(eight).queryByText('The rest.')).toBeNull();
    fireEvent.click(within(eight).getByRole('link', { name: 'Keep reading' }));
    await expectDrawerOnPost(requests, 'erin', 8);
    expect(location.history).toEqual(['/']); // still over the page
    const whole = drawerOf('erin').querySelector<HTMLElement>('article.post')!;
    expect(within(whole).getByText('The rest.')).toBeTruthy();
    expect(within(whole).queryByRole('link', { name: 'Keep reading' })).toBeNull();
    // Shown whole, it is still in the drawer: its date opens it there, not its page.
    fireEvent.click(whole.querySelector<HTMLElement>('.post-footer__date')!);
    expect(location.history).toEqual(['/']);

    // The page's own post goes to its page, as the dashboard's do.
    const onPage = Array.from(document.querySelectorAll<HTMLElement>('article.post')).find((a) => !drawerOf('erin').contains(a))!;
    fireEvent.click(within(onPage).getByRole('link', { name: 'Keep reading' }));
    expect(location.history.at(-1)).toBe('/blog/erin/post/7/long');
  });

  it('a notification about a post that mentions the user: that post; one about her own post: its page', async () => {
    const from = { name: 'dave', avatar_url_48: '/avatar/dave/48', avatar_url_128: '/avatar/dave/128', url: '/blog/dave', is_friend: false };
    const post = (url: string) => ({ id: 1, url, type: 'text', summary: '', media_url: '', video_thumbnail_url: '', is_ask: false, is_answer: false });
    const mention = notificationFromWire(
      wireNotification(1, { type: 'user_mention', message: 'mentioned you', from_tumblelog: from, post: post('/blog/dave/post/30') }),
    );
    const like = notificationFromWire(
      wireNotification(2, { type: 'like', message: 'liked your post', from_tumblelog: from, post: post('/blog/alice/post/7') }),
    );
    const { requests, location } = renderPage(
      <ul>
        <NotificationItem notification={mention} />
        <NotificationItem notification={like} />
      </ul>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'mentioned you' }));
    await expectDrawerOnPost(requests, 'dave', 30);
    expect(location.history).toEqual(['/']);

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'liked your post' }));
    });
    expect(location.history.at(-1)).toBe('/blog/alice/post/7');
  });

  it('a notification of a reblog: the reblog, in the drawer', async () => {
    const from = { name: 'bob', avatar_url_48: '/avatar/bob/48', avatar_url_128: '/avatar/bob/128', url: '/blog/bob', is_friend: false };
    const reblog = notificationFromWire(
      wireNotification(1, {
        type: 'reblog',
        message: 'reblogged your post',
        from_tumblelog: from,
        post: { id: 7, url: '/blog/alice/post/7', type: 'text', summary: '', media_url: '', video_thumbnail_url: '', is_ask: false, is_answer: false },
        new_post: { url: '/blog/bob/post/12', diff: '', quote: '' },
      }),
    );
    const { requests, location } = renderPage(
      <ul>
        <NotificationItem notification={reblog} />
      </ul>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'reblogged your post' }));
    await expectDrawerOnPost(requests, 'bob', 12);
    expect(location.history).toEqual(['/']);
  });
});
