import { savedPostFromWire } from '../../../api/postModels';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostPageRoot } from '../../../api/postEndpoints';
import type { Post as WirePost } from '../../../api/types/Post';
import { fakeApi, type FakeRoute } from '../../../test/fakeApi';
import { user, wireBlog } from '../../../test/fixtures';
import { saveAnswer, wirePost } from '../../../test/postFixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { announceSavedPost } from '../savedPosts';
import { POSTS_POLL_MS } from '../usePostList';
import { PostList } from './PostList';

/** The page's height and how far it is scrolled (jsdom lays nothing out). */
function setScroll({ height, y }: { height: number; y: number }) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { value: height, configurable: true });
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}

beforeEach(() => setScroll({ height: 10_000, y: 0 }));
afterEach(() => {
  delete (document.documentElement as unknown as Record<string, unknown>).scrollHeight;
  delete (window as unknown as Record<string, unknown>).scrollY;
});

const page = (...ids: number[]) => ({ response: { posts: ids.map((id) => wirePost(id)) } });
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

/**
 * A fake of GET /svc/post/{root}/{direction}/{ref}: `pages` answers by "direction/ref"; the
 * blog query is recorded with the request.
 */
function postPages(root: string, pages: Record<string, FakeRoute>) {
  return Object.fromEntries(
    Object.entries(pages).map(([at, route]) => [`GET /svc/post/${root}/${at}`, route]),
  );
}

function renderList(pageRoot: PostPageRoot, routes: Record<string, FakeRoute>) {
  const api = fakeApi(routes);
  renderWithProviders(<PostList page={pageRoot} label="The posts" empty={<p>Nothing here.</p>} />, {
    client: api.client,
    user: user(),
  });
  return api;
}

const feedIds = () =>
  within(screen.getByRole('feed', { name: 'The posts' }))
    .getAllByRole('article')
    .map((a) => Number(a.getAttribute('data-post-id')));

describe('PostList paging', () => {
  it('loads the next page after the last post when scrolled within 175 px of the end, plus the buffer', async () => {
    const { requests } = renderList(
      { root: 'dashboard' },
      postPages('dashboard', { 'after/0': () => page(...range(20, 11)), 'after/11': () => page(10, 9) }),
    );
    await waitFor(() => expect(feedIds()).toEqual(range(20, 11)));
    expect(requests.map((r) => r.path)).toEqual(['/svc/post/dashboard/after/0']);

    // jsdom's window is 768 px high: the buffer below it is two thirds of that, 512 px.
    setScroll({ height: 10_000, y: 10_000 - 768 - 512 - 200 }); // 200 px left: not yet
    fireEvent.scroll(window);
    // Within the 200 ms throttle: checked once it has passed.
    setScroll({ height: 10_000, y: 10_000 - 768 - 512 - 100 });
    fireEvent.scroll(window);
    expect(requests).toHaveLength(1);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 250)); // past the 200 ms throttle
    });
    await waitFor(() => expect(feedIds()).toEqual(range(20, 9)));
    expect(requests.map((r) => r.path)).toEqual(['/svc/post/dashboard/after/0', '/svc/post/dashboard/after/11']);

    // A short page was the last: no more asking.
    fireEvent.scroll(window);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 250));
    });
    expect(requests).toHaveLength(2);
  });

  it('asks for a blog\'s page with the blog, and says when a page is empty', async () => {
    const { requests } = renderList({ root: 'blog', blog: 'bob' }, postPages('blog', { 'after/0': () => page() }));
    expect(await screen.findByText('Nothing here.')).toBeTruthy();
    expect(requests[0].query.get('blog')).toBe('bob');
  });

  it('continues the likes page from the time the last post was liked, so unliking it loses no place', async () => {
    const liked = (id: number) => wirePost(id, { liked: true, liked_timestamp: 1_795_000_000 + id });
    const { requests } = renderList(
      { root: 'likes' },
      postPages('likes', {
        'after/0': () => ({ response: { posts: range(20, 11).map(liked) } }),
        'after/11': () => ({ response: { posts: [liked(10)] } }),
      }),
    );
    await waitFor(() => expect(feedIds()).toEqual(range(20, 11)));
    expect(requests[0].query.get('liked_at')).toBeNull();
    setScroll({ height: 10_000, y: 10_000 - 768 });
    fireEvent.scroll(window);
    await waitFor(() => expect(feedIds()).toEqual(range(20, 10)));
    expect(requests[1].query.get('liked_at')).toBe(String(1_795_000_011));
  });

  it('offers to try again when the first page fails', async () => {
    let fail = true;
    renderList(
      { root: 'dashboard' },
      postPages('dashboard', {
        'after/0': () => (fail ? { status: 500, errors: [{ code: 'internal', detail: 'Something broke.' }] } : page(1)),
      }),
    );
    expect(await screen.findByText('Something broke.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(feedIds()).toEqual([1]));
  });

  it('shows a failed further page under the posts, with a retry', async () => {
    let fail = true;
    setScroll({ height: 0, y: 0 }); // a short page: the next one is asked for at once
    const { requests } = renderList(
      { root: 'dashboard' },
      postPages('dashboard', {
        'after/0': () => page(...range(20, 11)),
        'after/11': () => (fail ? { status: 500, errors: [{ code: 'internal', detail: 'Could not load.' }] } : page(10)),
      }),
    );
    expect(await screen.findByText('Could not load.')).toBeTruthy();
    expect(feedIds()).toEqual(range(20, 11));
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(feedIds()).toEqual(range(20, 10)));
    expect(requests.filter((r) => r.path.endsWith('after/11'))).toHaveLength(2);
  });
});

describe('PostList after a save (spec 001 §4)', () => {
  const mine = (id: number, extra: Partial<WirePost> = {}) => wirePost(id, { tumblelog: 'alice', is_mine: true, ...extra });

  it('on the dashboard, fetches the posts before the first shown and puts them on top', async () => {
    const { requests } = renderList(
      { root: 'dashboard' },
      postPages('dashboard', {
        'after/0': () => page(5, 4),
        'before/5': () => ({ response: { posts: [mine(7), wirePost(6)] } }),
      }),
    );
    await waitFor(() => expect(feedIds()).toEqual([5, 4]));
    act(() => announceSavedPost(savedPostFromWire(saveAnswer(mine(7)))));
    await waitFor(() => expect(feedIds()).toEqual([7, 6, 5, 4]));
    expect(requests.map((r) => r.path)).toContain('/svc/post/dashboard/before/5');
  });

  it('keeps asking above the newest while pages come back full', async () => {
    renderList(
      { root: 'dashboard' },
      postPages('dashboard', {
        'after/0': () => page(1),
        'before/1': () => page(...range(11, 2)),
        'before/11': () => page(12),
      }),
    );
    await waitFor(() => expect(feedIds()).toEqual([1]));
    act(() => announceSavedPost(savedPostFromWire(saveAnswer(mine(12)))));
    await waitFor(() => expect(feedIds()).toEqual(range(12, 1)));
  });

  it('on an empty dashboard, loads the first page', async () => {
    let saved = false;
    renderList({ root: 'dashboard' }, postPages('dashboard', { 'after/0': () => (saved ? { response: { posts: [mine(3)] } } : page()) }));
    expect(await screen.findByText('Nothing here.')).toBeTruthy();
    saved = true;
    act(() => announceSavedPost(savedPostFromWire(saveAnswer(mine(3)))));
    await waitFor(() => expect(feedIds()).toEqual([3]));
  });

  it('on drafts, fetches the posts after the last shown and puts them at the bottom', async () => {
    const { requests } = renderList(
      { root: 'drafts', blog: 'alice' },
      postPages('drafts', {
        'after/0': () => ({ response: { posts: [mine(2, { state: 'draft' })] } }),
        'after/2': () => ({ response: { posts: [mine(8, { state: 'draft' })] } }),
      }),
    );
    await waitFor(() => expect(feedIds()).toEqual([2]));
    act(() => announceSavedPost(savedPostFromWire(saveAnswer(mine(8, { state: 'draft' })))));
    await waitFor(() => expect(feedIds()).toEqual([2, 8]));
    expect(requests.every((r) => r.query.get('blog') === 'alice')).toBe(true);
  });

  it('ignores saves that belong on another page', async () => {
    const { requests } = renderList(
      { root: 'drafts', blog: 'alice' },
      postPages('drafts', { 'after/0': () => ({ response: { posts: [mine(2, { state: 'draft' })] } }) }),
    );
    await waitFor(() => expect(feedIds()).toEqual([2]));
    act(() => {
      announceSavedPost(savedPostFromWire(saveAnswer(mine(9))));
      announceSavedPost(savedPostFromWire(saveAnswer(wirePost(10, { tumblelog: 'alice2', state: 'draft' }))));
    });
    await act(async () => {});
    expect(requests).toHaveLength(1);
  });

  it('replaces an edited post in place, and removes one whose page changed', async () => {
    const { requests } = renderList(
      { root: 'drafts', blog: 'alice' },
      postPages('drafts', {
        'after/0': () => ({ response: { posts: [mine(2, { state: 'draft' }), mine(3, { state: 'draft' })] } }),
      }),
    );
    await waitFor(() => expect(feedIds()).toEqual([2, 3]));
    const edited = mine(2, { state: 'draft', content: { type: 'text', title: 'Edited title', body: '' } });
    act(() => announceSavedPost(savedPostFromWire(saveAnswer(edited, { created_post: false }))));
    expect(await screen.findByRole('heading', { name: 'Edited title' })).toBeTruthy();
    expect(feedIds()).toEqual([2, 3]);
    // Published: it leaves the drafts.
    act(() => announceSavedPost(savedPostFromWire(saveAnswer(mine(3), { created_post: false }))));
    await waitFor(() => expect(feedIds()).toEqual([2]));
    expect(requests).toHaveLength(1);
  });
});

describe('PostList, live on posts:{blog}', () => {
  function renderLive(routes: Record<string, FakeRoute>) {
    const api = fakeApi(routes);
    const rendered = renderWithProviders(
      <PostList page={{ root: 'dashboard' }} label="The posts" empty={<p>Nothing here.</p>} live={['posts:bob']} />,
      { client: api.client, user: user() },
    );
    return { ...api, realtime: rendered.realtime };
  }
  const change = (seq: number, id: number, action: 'created' | 'updated' | 'deleted') => ({
    channel: 'posts:bob',
    seq,
    event: 'post' as const,
    data: { blog: 'bob', id, action },
  });

  it('keeps new posts behind "N new posts" until asked, then puts them on top', async () => {
    const { realtime } = renderLive(
      postPages('dashboard', { 'after/0': () => page(3, 2), 'before/3': () => page(5, 4) }),
    );
    await waitFor(() => expect(feedIds()).toEqual([3, 2]));
    expect(realtime.channels()).toContain('posts:bob');
    act(() => realtime.emit(change(1, 4, 'created')));
    act(() => realtime.emit(change(2, 5, 'created')));
    act(() => realtime.emit(change(3, 5, 'created')));
    expect(feedIds()).toEqual([3, 2]);
    fireEvent.click(screen.getByRole('button', { name: '2 new posts' }));
    await waitFor(() => expect(feedIds()).toEqual([5, 4, 3, 2]));
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();
  });

  it('stops counting a new post that is no longer on the page when the new ones are asked for', async () => {
    const { realtime } = renderLive(
      postPages('dashboard', { 'after/0': () => page(3, 2), 'before/3': () => page(4) }),
    );
    await waitFor(() => expect(feedIds()).toEqual([3, 2]));
    // 6 went out on a blog the reader then unfollowed: the dashboard no longer has it.
    act(() => realtime.emit(change(1, 4, 'created')));
    act(() => realtime.emit(change(2, 6, 'created')));
    fireEvent.click(screen.getByRole('button', { name: '2 new posts' }));
    await waitFor(() => expect(feedIds()).toEqual([4, 3, 2]));
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();
  });

  it('fetches an edited post again in place and drops a deleted one', async () => {
    const edited = wirePost(3, { content: { type: 'text', title: 'Edited', body: '' } });
    const { realtime, requests } = renderLive({
      ...postPages('dashboard', { 'after/0': () => page(3, 2) }),
      'GET /svc/indash_blog/posts': () => ({ response: { posts: [edited], tumblelog: wireBlog('bob') } }),
    });
    await waitFor(() => expect(feedIds()).toEqual([3, 2]));
    act(() => realtime.emit(change(1, 3, 'updated')));
    await screen.findByRole('heading', { name: 'Edited' });
    const asked = requests.find((r) => r.path === '/svc/indash_blog/posts')!.query;
    expect([asked.get('tumblelog_name_or_id'), asked.get('post_id')]).toEqual(['bob', '3']);
    act(() => realtime.emit(change(2, 2, 'deleted')));
    expect(feedIds()).toEqual([3]);
  });
});

describe('PostList, what a fresh subscription cannot hear', () => {
  it('looks over HTTP, once the subscription is confirmed, for posts that went out since the page loaded', async () => {
    const api = fakeApi(postPages('dashboard', { 'after/0': () => page(3, 2), 'before/3': () => page(4) }));
    const { realtime } = renderWithProviders(
      <PostList page={{ root: 'dashboard' }} label="The posts" empty={<p>Nothing here.</p>} live={['posts:bob', 'posts:cat']} />,
      { client: api.client, user: user() },
    );
    await waitFor(() => expect(feedIds()).toEqual([3, 2]));
    act(() => {
      realtime.subscribed('posts:bob');
      realtime.subscribed('posts:cat');
    });
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeTruthy();
    expect(api.requests.filter((r) => r.path === '/svc/post/dashboard/before/3').length).toBeLessThanOrEqual(2);
  });
});

describe('PostList, with the socket down', () => {
  it('looks for new posts and note counts every 30 s instead, and not while the socket is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = fakeApi({
        ...postPages('dashboard', { 'after/0': () => page(3, 2), 'before/3': () => page(4) }),
        'GET /svc/post/note_counts': () => ({ response: { counts: [{ post_id: 3, note_count: 7 }] } }),
      });
      const { setRealtimeStatus } = renderWithProviders(
        <PostList page={{ root: 'dashboard' }} label="The posts" empty={<p>Nothing here.</p>} live={['posts:bob']} />,
        { client: api.client, user: user(), realtimeStatus: 'closed' },
      );
      await waitFor(() => expect(feedIds()).toEqual([3, 2]));
      const looks = () => api.requests.filter((r) => r.path === '/svc/post/dashboard/before/3').length;
      // Fake time moves only when told to; testing-library's waits keep their own fake
      // timeouts, so the steps are taken by hand.
      const step = (ms: number) =>
        act(async () => {
          await vi.advanceTimersByTimeAsync(ms);
        });
      // Not before 30 s have passed since the page was ready (the poll's timer starts with it).
      await step(POSTS_POLL_MS - 1000);
      expect(looks()).toBe(0);
      for (let i = 0; i < 5 && looks() === 0; i += 1) await step(1000);
      expect(looks()).toBe(1);
      for (let i = 0; i < 20 && !screen.queryByRole('button', { name: '1 new post' }); i += 1) await step(50);
      expect(screen.getByRole('button', { name: '1 new post' })).toBeTruthy();
      // The notes channels are silent too: the shown posts' counts are asked for, in one call.
      const counted = api.requests.filter((r) => r.path === '/svc/post/note_counts');
      expect(counted.map((r) => r.query.get('post_ids'))).toEqual(['3,2']);
      expect(screen.getByRole('button', { name: '7 notes' })).toBeTruthy();
      // The socket is back: no more looking.
      setRealtimeStatus('open');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(POSTS_POLL_MS * 2);
      });
      expect(looks()).toBe(1);
      expect(api.requests.filter((r) => r.path === '/svc/post/note_counts')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
