import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postFromWire } from '../../../api/postModels';
import type { Flagged } from '../../../api/types/Flagged';
import { BlogViewerProvider, postIdOfUrl, useBlogViewer, type OpenBlogOptions } from '../../../components/blogViewerOpener';
import { fakeApi, type FakeRequest, type FakeRoute } from '../../../test/fakeApi';
import { user, wireBlog } from '../../../test/fixtures';
import { wirePost } from '../../../test/postFixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { SCROLLED_PAST_DEBOUNCE_MS } from '../../posts/constants';
import { PostView } from '../../posts';
import { DRAWER_CLOSE_MS, DRAWER_REPLACE_MS, DrawerHost, useDrawer } from '../../drawer';
import { BlogViewerDrawer } from './BlogViewerDrawer';

afterEach(() => vi.useRealTimers());

/** A blog's posts, newest first: `count` of them, ids from `count` down. */
const postsOf = (blog: string, count: number, from = count) =>
  Array.from({ length: count }, (_, i) => wirePost(from - i, { tumblelog: blog }));

/** A button that opens `name` in the drawer with `options`, as a caller of the opener would. */
function Opener({ name, options }: { name: string; options: OpenBlogOptions }) {
  const viewer = useBlogViewer();
  return (
    <button type="button" onClick={() => viewer?.openBlog(name, options)}>
      Open {name} with options
    </button>
  );
}

/** Something else that opens in the drawer (as fast compose does). */
function NoteOpener() {
  const drawer = useDrawer();
  return (
    <button type="button" onClick={() => drawer.open({ key: 'note', label: 'A note', children: <p>Note</p> })}>
      Open a note
    </button>
  );
}

function renderViewer(
  blogPosts: Record<string, ReturnType<typeof postsOf>>,
  opener?: { name: string; options: OpenBlogOptions },
  routes: Record<string, FakeRoute> = {},
) {
  const api = fakeApi({
    'GET /svc/indash_blog/header': (req: FakeRequest) => {
      const name = req.query.get('tumblelog_name_or_id')!;
      // alice is the signed-in user's blog.
      const theme = { ...wireBlog(name).global_theme_params, background_color: '#223344', title_color: '#AA2233' };
      return { response: { tumblelog: wireBlog(name, { is_mine: name === 'alice', global_theme_params: theme }) } };
    },
    'GET /svc/ann/posts/highlighted': () => ({ response: { highlighted_posts: [] } }),
    'GET /svc/bob/posts/highlighted': () => ({ response: { highlighted_posts: [] } }),
    'POST /svc/block/add': () => ({ response: { blocked: true, changed: true } }),
    'POST /svc/block/remove': () => ({ response: { blocked: false, changed: true } }),
    'POST /svc/like': () => ({ response: { id: 3, liked: true, note_count: 1, liked_post_count: 1 } }),
    'GET /svc/indash_blog/posts': (req: FakeRequest) => {
      const name = req.query.get('tumblelog_name_or_id')!;
      const all = blogPosts[name] ?? [];
      const postId = req.query.get('post_id');
      if (postId) return { response: { posts: all.filter((p) => p.id === Number(postId)), tumblelog: wireBlog(name) } };
      const offset = Number(req.query.get('offset') ?? 0);
      return { response: { posts: all.slice(offset, offset + 10), tumblelog: wireBlog(name) } };
    },
    ...routes,
  });
  const shown = wirePost(1, { tumblelog: 'ann', reblog_source: { name: 'bob', url: '/blog/bob' }, is_reblog: true });
  const rendered = renderWithProviders(
    <BlogViewerProvider>
      <PostView post={postFromWire(shown)} />
      {opener && <Opener name={opener.name} options={opener.options} />}
      <NoteOpener />
      <BlogViewerDrawer />
      <DrawerHost />
    </BlogViewerProvider>,
    { client: api.client, user: user() },
  );
  return { ...api, ...rendered };
}

const drawer = () => screen.getByRole('dialog', { name: /blog viewer/ });
/** The viewer inside the drawer: its theme, its load or reload, its intro. */
const viewer = () => drawer().querySelector<HTMLElement>('.blog-viewer')!;
/** The posts in the drawer (the blog card over them is an article too). */
const drawerPosts = () => Array.from(drawer().querySelectorAll('article.post'));

describe('BlogViewerDrawer, opened with a url or to preview an appearance', () => {
  it('reads the post a url names, and opens and shares that address', async () => {
    const { location, requests } = renderViewer(
      { ann: postsOf('ann', 5) },
      { name: 'ann', options: { url: '/blog/ann/post/2/a-slug' } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open ann with options' }));
    await waitFor(() => expect(drawerPosts().map((p) => p.getAttribute('data-post-id'))).toEqual(['2']));
    expect(requests.find((r) => r.path === '/svc/indash_blog/posts')?.query.get('post_id')).toBe('2');
    fireEvent.click(await within(drawer()).findByRole('button', { name: 'Open blog' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/blog/ann/post/2/a-slug'));
  });

  it("closes for the blog's archive", async () => {
    const { location } = renderViewer({ ann: postsOf('ann', 2) }, { name: 'ann', options: {} });
    fireEvent.click(screen.getByRole('button', { name: 'Open ann with options' }));
    fireEvent.click(await within(drawer()).findByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /blog viewer/ })).toBeNull());
    expect(location.history.at(-1)).toBe('/blog/ann/archive');
  });

  it('takes only its own paths as a url', () => {
    expect(postIdOfUrl('ann', '/blog/ann/post/7')).toBe(7);
    expect(postIdOfUrl('ann', '/blog/annie/post/7')).toBeUndefined();
    expect(postIdOfUrl('ann', '/blog/ann')).toBeUndefined();
  });

  it('ignores a url of another site, for the blog’s own page', async () => {
    const { location } = renderViewer({ ann: postsOf('ann', 2) }, { name: 'ann', options: { url: 'https://elsewhere.example/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open ann with options' }));
    fireEvent.click(await within(drawer()).findByRole('button', { name: 'Open blog' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/blog/ann'));
  });

  it('previews an appearance without the reader’s controls', async () => {
    renderViewer({ ann: postsOf('ann', 2) }, { name: 'ann', options: { editingAppearance: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Open ann with options' }));
    await within(drawer()).findByRole('heading', { name: "ann's blog" });
    expect(within(drawer()).getByRole('status').textContent).toBe("Previewing ann's appearance");
    expect(within(drawer()).queryByRole('toolbar')).toBeNull();
    expect(viewer().className).toContain('blog-viewer--editing-appearance');
  });
});

describe('BlogViewerDrawer', () => {
  it("opens on a post's blog name with the blog's header, theme and posts, and pages by offset", async () => {
    const { requests, location } = renderViewer({ ann: postsOf('ann', 12) });
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    expect(location.history).toEqual(['/']); // the page stays
    await within(drawer()).findByRole('heading', { name: "ann's blog" });
    expect(viewer().style.backgroundColor).toBe('rgb(34, 51, 68)');
    expect(viewer().dataset.load).toBe('load');
    // jsdom lays nothing out, so the list is always "near its end": the next page follows.
    await waitFor(() => expect(drawerPosts()).toHaveLength(12));
    const pages = requests.filter((r) => r.path === '/svc/indash_blog/posts').map((r) => r.query.get('offset'));
    expect(pages).toEqual(['0', '10']);
  });

  it('closes on Escape after its close animation', async () => {
    renderViewer({ ann: postsOf('ann', 2) });
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    await within(drawer()).findByRole('heading', { name: "ann's blog" });
    vi.useFakeTimers();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(drawer().className).toContain('drawer--closing');
    expect(viewer().className).toContain('blog-viewer--closing');
    act(() => vi.advanceTimersByTime(DRAWER_CLOSE_MS));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives way to other content in the drawer, and opens afresh after it', async () => {
    renderViewer({ ann: postsOf('ann', 2) });
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    await within(drawer()).findByRole('heading', { name: "ann's blog" });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Open a note' }));
    act(() => vi.advanceTimersByTime(DRAWER_REPLACE_MS));
    expect(screen.getAllByRole('dialog').map((d) => d.getAttribute('aria-label'))).toEqual(['A note']);
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    act(() => vi.advanceTimersByTime(DRAWER_REPLACE_MS));
    await within(drawer()).findByRole('heading', { name: "ann's blog" });
    // The viewer had closed: this is a first load again.
    expect(viewer().dataset.load).toBe('load');
  });

  it('reloads with another blog after the replace delay', async () => {
    renderViewer({ ann: postsOf('ann', 2), bob: postsOf('bob', 1, 50) });
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    await within(drawer()).findByRole('heading', { name: "ann's blog" });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('link', { name: 'bob' }));
    expect(drawer().className).toContain('drawer--replacing');
    act(() => vi.advanceTimersByTime(DRAWER_REPLACE_MS));
    await within(drawer()).findByRole('heading', { name: "bob's blog" });
    expect(viewer().dataset.load).toBe('reload');
  });

  it("shows '(post reference)' under a photo post with no words of its own", async () => {
    const photo = wirePost(7, {
      tumblelog: 'ann',
      content: { type: 'photo', photos: [{ url: '/media/a.png', width: 0, height: 0, caption: '' }], layout: '1', linkthrough: '', caption: '', selfie: null },
    });
    renderViewer({ ann: [photo] });
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    expect(await within(drawer()).findByText('(post reference)')).toBeTruthy();
  });

  it('moves between posts with j and k, likes with l, goes to the top with a period, reblogs with r, opens with Enter', async () => {
    const { requests, location } = renderViewer({ ann: postsOf('ann', 3) });
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    await waitFor(() => expect(drawerPosts()).toHaveLength(3));
    // jsdom lays nothing out: each post is 300 px below the one before.
    drawerPosts().forEach((post, i) => Object.defineProperty(post, 'offsetTop', { value: 400 + i * 300 }));
    const scroller = drawer().querySelector<HTMLElement>('.blog-viewer__scroller')!;

    fireEvent.keyDown(document, { key: 'j' });
    await waitFor(() => expect(scroller.scrollTop).toBe(340)); // the first post, 60 px from the top
    fireEvent.keyDown(document, { key: 'j' });
    await waitFor(() => expect(scroller.scrollTop).toBe(640));
    fireEvent.keyDown(document, { key: 'k' });
    await waitFor(() => expect(scroller.scrollTop).toBe(340));
    fireEvent.keyDown(document, { key: 'l' });
    await waitFor(() => expect(requests.some((r) => r.path === '/svc/like')).toBe(true));
    expect(requests.find((r) => r.path === '/svc/like')!.form.get('id')).toBe('3');
    fireEvent.keyDown(document, { key: '.' });
    await waitFor(() => expect(scroller.scrollTop).toBe(0));

    fireEvent.keyDown(document, { key: 'r' });
    expect(location.history.at(-1)).toBe('/reblog/3/key3');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull()); // closed for the composer
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    await waitFor(() => expect(drawerPosts()).toHaveLength(3));
    fireEvent.keyDown(document, { key: 'Enter' });
    expect(location.history.at(-1)).toBe('/blog/ann');
  });

  it("blocks the blog as the current blog after the blog confirmation, word for word", async () => {
    const { requests } = renderViewer({ ann: postsOf('ann', 1) });
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    const tools = await within(drawer()).findByRole('toolbar', { name: 'ann controls' });
    fireEvent.click(within(tools).getByRole('button', { name: 'Block' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask.textContent).toContain(
      "Are you sure you want to block ann from alice? They won't be able to follow alice, send alice messages, see alice in search results, or interact with any of alice's posts.",
    );
    fireEvent.click(within(ask).getByRole('button', { name: 'Block' }));
    expect(await within(tools).findByText('ann is blocked.')).toBeTruthy();
    const block = requests.find((r) => r.path === '/svc/block/add')!;
    expect([block.form.get('tumblelog'), block.form.get('blocked_tumblelog')]).toEqual(['alice', 'ann']);
  });

  it('gives the focus back to Block after the confirmation, whether blocked or kept, and ignores presses meanwhile', async () => {
    const { requests } = renderViewer({ ann: postsOf('ann', 1) });
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    const tools = await within(drawer()).findByRole('toolbar', { name: 'ann controls' });
    const button = within(tools).getByRole('button', { name: 'Block' });

    // Nevermind: the focus goes back to Block, not to the page's body outside the drawer.
    button.focus();
    fireEvent.click(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button); // a second press while the confirmation is open asks nothing more
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Nevermind' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(button);
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
    expect(requests.some((r) => r.path === '/svc/block/add')).toBe(false);

    // Block: the same, the button now Unblock.
    fireEvent.click(button);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    await within(tools).findByText('ann is blocked.');
    expect(button.textContent).toBe('Unblock');
    expect(document.activeElement).toBe(button);
    expect(requests.filter((r) => r.path === '/svc/block/add')).toHaveLength(1);
  });

  it('turns Block into Unblock once blocked, as the blog card’s menu does, and Unblock back', async () => {
    const { requests } = renderViewer({ ann: postsOf('ann', 1) });
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    const tools = await within(drawer()).findByRole('toolbar', { name: 'ann controls' });
    fireEvent.click(within(tools).getByRole('button', { name: 'Block' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    const unblock = await within(tools).findByRole('button', { name: 'Unblock' });
    expect(within(tools).queryByRole('button', { name: 'Block' })).toBeNull();
    // The card's menu reads the same.
    fireEvent.click(within(drawer()).getByRole('button', { name: 'About ann' }));
    const about = within(drawer()).getByRole('dialog', { name: 'About ann' });
    expect(within(about).getByRole('button', { name: 'Unblock' })).toBeTruthy();

    // Unblock lifts it at once, with no confirmation.
    fireEvent.click(unblock);
    // The button reads Block as the request goes (the blog's block state is shared), the
    // status once it is answered: wait for the answer.
    await within(tools).findByText('ann is unblocked.');
    expect(within(tools).getByRole('button', { name: 'Block' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const removed = requests.filter((r) => r.path === '/svc/block/remove');
    expect(removed.map((r) => [r.form.get('tumblelog'), r.form.get('blocked_tumblelog')])).toEqual([['alice', 'ann']]);
    expect(within(about).getByRole('button', { name: 'Block' })).toBeTruthy();
  });
});

describe('BlogViewerDrawer and the page under it', () => {
  /** The like calls answer for the post they name, with the chain's count one up or down. */
  const likeRoutes: Record<string, FakeRoute> = {
    'POST /svc/like': (req: FakeRequest) => ({ response: { id: Number(req.form.get('id')), liked: true, note_count: 5, liked_post_count: 1 } }),
    'POST /svc/unlike': (req: FakeRequest) => ({ response: { id: Number(req.form.get('id')), liked: false, note_count: 4, liked_post_count: 0 } }),
  };
  /** ann's post 1 as the page under the drawer shows it (outside the drawer). */
  const onPage = () => Array.from(document.querySelectorAll<HTMLElement>('article.post[data-post-id="1"]')).find((a) => !drawer().contains(a))!;
  const inDrawer = () => drawer().querySelector<HTMLElement>('article.post[data-post-id="1"]')!;
  const likeOf = (post: HTMLElement) => within(post).getByRole('button', { name: /Like/ });

  it('shows a like made in the drawer on the same post on the page, and one made on the page in the drawer', async () => {
    renderViewer({ ann: [wirePost(1, { tumblelog: 'ann', note_count: 4 })] }, undefined, likeRoutes);
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    await waitFor(() => expect(drawerPosts()).toHaveLength(1));
    expect(likeOf(onPage()).getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(likeOf(inDrawer()));
    // At once on both, then the chain's count from the answer on both.
    expect(likeOf(onPage()).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(within(onPage()).getByText('5 notes')).toBeTruthy());
    expect(within(inDrawer()).getByText('5 notes')).toBeTruthy();

    fireEvent.click(likeOf(onPage()));
    expect(likeOf(inDrawer()).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(within(inDrawer()).getByText('4 notes')).toBeTruthy());
    expect(likeOf(onPage()).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows a like made on the page while it was closed once the drawer reads its posts again', async () => {
    // The server's side: post 1 is liked once the like call came.
    const liked = { now: false };
    const posts = () => [wirePost(1, { tumblelog: 'ann', liked: liked.now })];
    renderViewer({ ann: posts() }, undefined, {
      ...likeRoutes,
      'POST /svc/like': (req: FakeRequest) => {
        liked.now = true;
        return likeRoutes['POST /svc/like'](req);
      },
      'GET /svc/indash_blog/posts': () => ({ response: { posts: posts(), tumblelog: wireBlog('ann') } }),
    });
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    await waitFor(() => expect(drawerPosts()).toHaveLength(1));
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Close blog viewer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /blog viewer/ })).toBeNull());

    fireEvent.click(likeOf(document.querySelector<HTMLElement>('article.post[data-post-id="1"]')!));
    await waitFor(() => expect(liked.now).toBe(true));
    // Opened again: the posts read before show at once, then as read again.
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    await waitFor(() => expect(likeOf(inDrawer()).getAttribute('aria-pressed')).toBe('true'));
  });

  it('shows a fast reblog made in the drawer as reblogged on the page too, with the chain’s count', async () => {
    const { requests } = renderViewer({ ann: [wirePost(1, { tumblelog: 'ann', note_count: 4 })] }, undefined, {
      'POST /fast_reblog': () => ({
        response: { post: wirePost(50, { tumblelog: 'alice', root_id: 1, is_reblog: true, note_count: 5 }), reblogged_post_id: 1, message: 'Reblogged to alice.' },
      }),
    });
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    await waitFor(() => expect(drawerPosts()).toHaveLength(1));
    expect(within(onPage()).getByRole('button', { name: 'Fast reblog' })).toBeTruthy();

    fireEvent.click(within(inDrawer()).getByRole('button', { name: 'Fast reblog' }));
    await within(onPage()).findByRole('button', { name: 'Reblogged' });
    expect(within(inDrawer()).getByRole('button', { name: 'Reblogged' })).toBeTruthy();
    expect(within(onPage()).getByText('5 notes')).toBeTruthy();
    expect(within(inDrawer()).getByText('5 notes')).toBeTruthy();
    // The message is said where the reblog was made.
    expect(within(inDrawer()).getByText('Reblogged to alice.')).toBeTruthy();
    expect(within(onPage()).queryByText('Reblogged to alice.')).toBeNull();
    expect(requests.filter((r) => r.path === '/fast_reblog')).toHaveLength(1);
  });

  it('puts the like back in both places when the call fails', async () => {
    renderViewer({ ann: [wirePost(1, { tumblelog: 'ann' })] }, undefined, {
      'POST /svc/like': () => ({ status: 403, errors: [{ code: 'blocked', detail: "You can't like ann's posts." }] }),
    });
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    await waitFor(() => expect(drawerPosts()).toHaveLength(1));
    fireEvent.click(likeOf(inDrawer()));
    expect(likeOf(onPage()).getAttribute('aria-pressed')).toBe('true');
    // The refusal is said where the like was made.
    await within(inDrawer()).findByText("You can't like ann's posts.");
    expect(likeOf(onPage()).getAttribute('aria-pressed')).toBe('false');
    expect(likeOf(inDrawer()).getAttribute('aria-pressed')).toBe('false');
    expect(within(onPage()).queryByText("You can't like ann's posts.")).toBeNull();
  });
});

describe('BlogViewerDrawer’s Flag this blog', () => {
  const THANKS = 'Thanks for telling us. Our moderators will take a look.';
  const flagRoutes: Record<string, FakeRoute> = {
    'POST /svc/blog/flag': () => ({ response: { flagged: true, message: THANKS } satisfies Flagged }),
    'GET /svc/alice/posts/highlighted': () => ({ response: { highlighted_posts: [] } }),
  };

  it('is on the toolbar of someone else’s blog: it files the flag and shows the server’s thanks', async () => {
    const { requests } = renderViewer({ ann: postsOf('ann', 1) }, undefined, flagRoutes);
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    const tools = await within(drawer()).findByRole('toolbar', { name: 'ann controls' });
    const flag = within(tools).getByRole('button', { name: 'Flag this blog' });
    fireEvent.click(flag);
    expect(flag.getAttribute('aria-expanded')).toBe('true');
    const form = within(drawer()).getByRole('form', { name: 'Flag this blog' });
    fireEvent.click(within(form).getByRole('radio', { name: 'Spam' }));
    fireEvent.change(within(form).getByLabelText('Note (optional)'), { target: { value: 'Sells watches' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));

    const thanks = await within(drawer()).findByRole('group', { name: 'Flag this blog' });
    expect(within(thanks).getByRole('status').textContent).toBe(THANKS);
    const sent = requests.filter((r) => r.path === '/svc/blog/flag');
    expect(sent.map((r) => [r.form.get('tumblelog'), r.form.get('reason'), r.form.get('note')])).toEqual([['ann', 'spam', 'Sells watches']]);

    // Close: the thanks go, and the focus back to the button they came from.
    fireEvent.click(within(thanks).getByRole('button', { name: 'Close' }));
    expect(within(drawer()).queryByRole('group', { name: 'Flag this blog' })).toBeNull();
    expect(document.activeElement).toBe(flag);
    expect(flag.getAttribute('aria-expanded')).toBe('false');
  });

  it('sends nothing on Cancel', async () => {
    const { requests } = renderViewer({ ann: postsOf('ann', 1) }, undefined, flagRoutes);
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    const tools = await within(drawer()).findByRole('toolbar', { name: 'ann controls' });
    fireEvent.click(within(tools).getByRole('button', { name: 'Flag this blog' }));
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Cancel' }));
    expect(within(drawer()).queryByRole('form', { name: 'Flag this blog' })).toBeNull();
    expect(document.activeElement).toBe(within(tools).getByRole('button', { name: 'Flag this blog' }));
    expect(requests.filter((r) => r.path === '/svc/blog/flag')).toHaveLength(0);
  });

  it('is not on the toolbar of the user’s own blog', async () => {
    renderViewer({}, { name: 'alice', options: {} }, flagRoutes);
    fireEvent.click(screen.getByRole('button', { name: 'Open alice with options' }));
    const tools = await within(drawer()).findByRole('toolbar', { name: 'alice controls' });
    expect(within(tools).getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(within(tools).queryByRole('button', { name: 'Flag this blog' })).toBeNull();
    expect(within(tools).queryByRole('button', { name: 'Block' })).toBeNull();
  });
});

describe('BlogViewerDrawer search (spec 002 §2 In-blog search)', () => {
  /** ann's search: `matches` answer a term, ten at a time from next_offset. */
  const searchRoutes = (matches: Record<string, ReturnType<typeof postsOf>>, fail = { times: 0 }): Record<string, FakeRoute> => ({
    'GET /svc/search/blog_search_typeahead/ann': () => ({ response: { tags: [] } }),
    'GET /svc/search/blog_search/ann/*': (req: FakeRequest) => {
      if (fail.times > 0) {
        fail.times -= 1;
        return { status: 500, errors: [{ code: 'internal', detail: 'The database fell over.' }] };
      }
      const term = decodeURIComponent(req.path.split('/').at(-1)!);
      const all = matches[term] ?? [];
      const offset = Number(req.query.get('next_offset'));
      const next = offset + 10 < all.length ? offset + 10 : -1;
      return { response: { posts: all.slice(offset, offset + 10), next_offset: next, limit: 10, term } };
    },
  });

  /** Opens ann's blog in the drawer and searches it for `term`. */
  async function searchFor(term: string) {
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    await waitFor(() => expect(drawerPosts()).toHaveLength(3));
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Search' }));
    const input = await within(drawer()).findByRole('combobox', { name: 'Search ann' });
    await waitFor(() => expect(document.activeElement).toBe(input)); // after its 300 ms
    fireEvent.change(input, { target: { value: term } });
    fireEvent.submit(input.closest('form')!);
  }

  const results = () => within(drawer()).getByRole('region', { name: /^Search results for/ });
  const resultIds = () => Array.from(results().querySelectorAll('article.post')).map((a) => Number(a.getAttribute('data-post-id')));

  it('lists the results in place of the posts, paged by next_offset, and the posts again once cleared', async () => {
    const { requests } = renderViewer({ ann: postsOf('ann', 3) }, undefined, searchRoutes({ tea: postsOf('ann', 12, 112) }));
    await searchFor('tea');
    // jsdom lays nothing out, so the list is always "near its end": the next page follows.
    await waitFor(() => expect(resultIds()).toEqual(postsOf('ann', 12, 112).map((p) => p.id)));
    const offsets = requests.filter((r) => r.path === '/svc/search/blog_search/ann/tea').map((r) => r.query.get('next_offset'));
    expect(offsets).toEqual(['0', '10']);
    expect(within(drawer()).queryByRole('region', { name: 'Posts of ann' })).toBeNull();

    fireEvent.click(within(drawer()).getByRole('button', { name: 'Clear search' }));
    expect(within(drawer()).getByRole('region', { name: 'Posts of ann' })).toBeTruthy();
    expect(drawerPosts().map((p) => p.getAttribute('data-post-id'))).toEqual(['3', '2', '1']);
    expect(within(drawer()).queryByRole('combobox')).toBeNull();
  });

  it('pages the results once scrolled past 90 % (spec 002 §9), where the posts page by spec 000 §9', async () => {
    const { requests } = renderViewer({ ann: postsOf('ann', 25) }, undefined, searchRoutes({ tea: postsOf('ann', 25, 125) }));
    const offsets = (path: string, param: string) => requests.filter((r) => r.path === path).map((r) => r.query.get(param));
    const postOffsets = () => offsets('/svc/indash_blog/posts', 'offset');
    const resultOffsets = () => offsets('/svc/search/blog_search/ann/tea', 'next_offset');
    fireEvent.click(screen.getByRole('link', { name: 'ann' }));
    // jsdom lays nothing out: the drawer shows 100 px, each post 100 px tall.
    const scroller = drawer().querySelector<HTMLElement>('.blog-viewer__scroller')!;
    const layout = { scrollTop: 0 };
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, get: () => layout.scrollTop, set: (v: number) => {
      layout.scrollTop = v;
    } });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 100 });
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => 100 * drawerPosts().length });
    const scrollTo = (top: number) => {
      layout.scrollTop = top;
      fireEvent.scroll(scroller);
    };
    const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

    // The posts: 110 px left below the view is within spec 000's 175 px plus two thirds of it.
    await waitFor(() => expect(drawerPosts()).toHaveLength(10));
    scrollTo(790);
    await waitFor(() => expect(postOffsets()).toEqual(['0', '10']));

    fireEvent.click(within(drawer()).getByRole('button', { name: 'Search' }));
    const input = await within(drawer()).findByRole('combobox', { name: 'Search ann' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    fireEvent.change(input, { target: { value: 'tea' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(resultIds()).toHaveLength(10));
    expect(layout.scrollTop).toBe(0); // back to the start of the list

    // The results: 890 of 1000 px is not yet 90 %; 900 is, once the scrolling has paused.
    scrollTo(790);
    await pause(SCROLLED_PAST_DEBOUNCE_MS + 150);
    expect(resultOffsets()).toEqual(['0']);
    scrollTo(800);
    expect(resultOffsets()).toEqual(['0']);
    await waitFor(() => expect(resultIds()).toHaveLength(20));
    expect(resultOffsets()).toEqual(['0', '10']);
    // Spec 000's autopager stays out of the search.
    expect(postOffsets()).toEqual(['0', '10']);
  });

  it("says 'Nothing here about {term}.' in the blog's title colour when nothing matches", async () => {
    renderViewer({ ann: postsOf('ann', 3) }, undefined, searchRoutes({}));
    await searchFor('zebras');
    const nothing = await within(results()).findByText('Nothing here about zebras.');
    expect(nothing.style.color).toBe('rgb(170, 34, 51)');
    expect(resultIds()).toEqual([]);
  });

  it("offers to try again after a failure, without the server's words", async () => {
    const fail = { times: 1 };
    renderViewer({ ann: postsOf('ann', 3) }, undefined, searchRoutes({ tea: postsOf('ann', 2, 50) }, fail));
    await searchFor('tea');
    const line = await within(results()).findByText(/Search isn't working right now\./);
    expect(drawer().textContent).not.toContain('The database fell over.');
    fireEvent.click(within(line).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(resultIds()).toEqual([50, 49]));
  });
});
