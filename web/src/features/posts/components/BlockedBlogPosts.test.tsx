// A blog blocked while its posts are listed (spec 002 §6): its posts leave the open lists at
// once (the dashboard, the likes, search results), pages read later included; its own page
// still lists them.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PostPageRoot } from '../../../api/postEndpoints';
import { postFromWire } from '../../../api/postModels';
import { fakeApi } from '../../../test/fakeApi';
import { user } from '../../../test/fixtures';
import { wirePost } from '../../../test/postFixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { useBlocking } from '../../blocking';
import { useOffsetPostPages } from '../useOffsetPostPages';
import { PostFeed } from './PostFeed';
import { PostList } from './PostList';

/** Blocks bob as alice, and unblocks him, as the blog card's menu or the blog viewer's toolbar would. */
function BlockBob() {
  const blocking = useBlocking();
  return (
    <>
      <button type="button" onClick={() => void blocking.confirmBlockBlog('alice', 'bob')}>
        Block bob
      </button>
      <button type="button" onClick={() => void blocking.unblockBlog('alice', 'bob')}>
        Unblock bob
      </button>
    </>
  );
}

function SearchResults() {
  const results = useOffsetPostPages({
    queryKey: ['search', 'tea'],
    fetchPage: async () => ({ posts: [post(30, 'bob'), post(29, 'carol')].map(postFromWire), nextOffset: -1 }),
    errorText: 'Search failed.',
  });
  return <PostFeed view={results.state} label="Results" empty="None." loadMore={results.loadMore} retry={results.retry} />;
}

const post = (id: number, blog: string) => wirePost(id, { tumblelog: blog });

const idsIn = (label: string) =>
  within(screen.getByRole('feed', { name: label }))
    .getAllByRole('article')
    .map((a) => Number(a.getAttribute('data-post-id')));

function renderLists() {
  const api = fakeApi({
    'GET /svc/post/dashboard/after/0': () => ({ response: { posts: [post(10, 'bob'), post(9, 'carol'), post(8, 'bob')] } }),
    'GET /svc/post/blog/after/0': () => ({ response: { posts: [post(10, 'bob'), post(8, 'bob')] } }),
    'POST /svc/block/add': () => ({ response: { blocked: true, changed: true } }),
    'POST /svc/block/remove': () => ({ response: { blocked: false, changed: true } }),
  });
  const list = (page: PostPageRoot, label: string) => <PostList page={page} label={label} empty="Nothing." />;
  renderWithProviders(
    <>
      <BlockBob />
      {list({ root: 'dashboard' }, 'Your dashboard')}
      {list({ root: 'blog', blog: 'bob' }, "bob's posts")}
      <SearchResults />
    </>,
    { client: api.client, user: user() },
  );
  return api;
}

describe('a blog blocked while its posts are listed', () => {
  it('takes its posts off the dashboard and the search results at once, not off its own page', async () => {
    const { requests } = renderLists();
    await waitFor(() => expect(idsIn('Your dashboard')).toEqual([10, 9, 8]));
    await waitFor(() => expect(idsIn('Results')).toEqual([30, 29]));
    await waitFor(() => expect(idsIn("bob's posts")).toEqual([10, 8]));

    fireEvent.click(screen.getByRole('button', { name: 'Block bob' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(idsIn('Your dashboard')).toEqual([9]));
    expect(idsIn('Results')).toEqual([29]);
    expect(idsIn("bob's posts")).toEqual([10, 8]);
    expect(requests.filter((r) => r.path === '/svc/block/add')).toHaveLength(1);
    // Nothing was read again: the posts left as the block was made.
    expect(requests.filter((r) => r.path === '/svc/post/dashboard/after/0')).toHaveLength(1);
  });

  it('takes its new posts off "N new posts" on the dashboard', async () => {
    const api = fakeApi({
      'GET /svc/post/dashboard/after/0': () => ({ response: { posts: [post(10, 'bob'), post(9, 'carol')] } }),
      'POST /svc/block/add': () => ({ response: { blocked: true, changed: true } }),
    });
    const { realtime } = renderWithProviders(
      <>
        <BlockBob />
        <PostList page={{ root: 'dashboard' }} label="Your dashboard" empty="Nothing." live={['posts:bob', 'posts:carol']} />
      </>,
      { client: api.client, user: user() },
    );
    await waitFor(() => expect(idsIn('Your dashboard')).toEqual([10, 9]));
    const created = (seq: number, blog: string, id: number) => ({
      channel: `posts:${blog}`,
      seq,
      event: 'post' as const,
      data: { blog, id, action: 'created' as const },
    });
    act(() => realtime.emit(created(1, 'bob', 11)));
    act(() => realtime.emit(created(2, 'bob', 12)));
    expect(await screen.findByRole('button', { name: '2 new posts' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Block bob' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(idsIn('Your dashboard')).toEqual([9]));
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();
    // One that went out as the block was made counts no more than those before it.
    act(() => realtime.emit(created(3, 'bob', 13)));
    act(() => realtime.emit(created(1, 'carol', 14)));
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeTruthy();
  });

  it('shows them again once the blog is unblocked, except on the dashboard: the block ended the follow', async () => {
    const { requests } = renderLists();
    await waitFor(() => expect(idsIn('Your dashboard')).toEqual([10, 9, 8]));
    await waitFor(() => expect(idsIn('Results')).toEqual([30, 29]));
    fireEvent.click(screen.getByRole('button', { name: 'Block bob' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(idsIn('Your dashboard')).toEqual([9]));
    expect(idsIn('Results')).toEqual([29]);

    fireEvent.click(screen.getByRole('button', { name: 'Unblock bob' }));
    await waitFor(() => expect(idsIn('Results')).toEqual([30, 29]));
    // The server lists a blog the user does not follow on the dashboard no more.
    expect(idsIn('Your dashboard')).toEqual([9]);
    expect(idsIn("bob's posts")).toEqual([10, 8]);
    expect(requests.filter((r) => r.path === '/svc/block/remove')).toHaveLength(1);
  });

  it('keeps them when the user says Nevermind', async () => {
    renderLists();
    await waitFor(() => expect(idsIn('Your dashboard')).toEqual([10, 9, 8]));
    fireEvent.click(screen.getByRole('button', { name: 'Block bob' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Nevermind' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(idsIn('Your dashboard')).toEqual([10, 9, 8]);
  });
});
