import { savedPostFromWire } from '../../api/postModels';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { BlogActivityPage, BlogFollowersPage, BlogOwnerPostsPage, BlogPage, BlogPostPage, BlogTagPage } from '.';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { user, userBlog, wireBlog, wireNotification } from '../../test/fixtures';
import { saveAnswer, wirePost } from '../../test/postFixtures';
import { announceRemovedPost, announceSavedPost } from '../posts';
import { renderWithProviders } from '../../test/renderApp';

const LONG_BODY = '<p>The start.</p><p>[[MORE]]</p><p>The rest.</p>';
const alice = user({ blogs: [userBlog('alice', { isCurrent: true, isPrimary: true })] });

function render(ui: ReactNode, routes: Record<string, FakeRoute>, path = '/') {
  const api = fakeApi({
    // The blog card asks for its highlighted posts; none here.
    'GET /svc/*/posts/highlighted': () => ({ response: { highlighted_posts: [] } }),
    'GET /svc/data/tumblelog': (req) => {
      const name = req.query.get('tumblelog')!;
      return { response: wireBlog(name, { is_mine: name === 'alice', draft_count: 1 }) };
    },
    ...routes,
  });
  const { realtime } = renderWithProviders(ui, { client: api.client, user: alice, path });
  return { ...api, realtime };
}

describe('blog pages with posts', () => {
  it("lists the blog's posts, a read-more cut on the list", async () => {
    const { requests } = render(<BlogPage name="bob" />, {
      'GET /svc/post/blog/after/0': () => ({ response: { posts: [wirePost(3, { content: { type: 'text', title: 'Long', body: LONG_BODY } })] } }),
    });
    const feed = await screen.findByRole('feed', { name: 'bob posts' });
    expect(within(feed).getByText('The start.')).toBeTruthy();
    expect(within(feed).queryByText('The rest.')).toBeNull();
    expect(within(feed).getByRole('link', { name: 'Keep reading' }).getAttribute('href')).toBe('/blog/bob/post/3');
    expect(requests.find((r) => r.path === '/svc/post/blog/after/0')?.query.get('blog')).toBe('bob');
    const tabs = screen.getByRole('navigation', { name: 'bob pages' });
    expect(within(tabs).getByRole('link', { name: 'Archive' }).getAttribute('href')).toBe('/blog/bob/archive');
  });

  it("lists a tag's posts with the pinned one marked, and lets the owner pin another", async () => {
    let pinned = 5;
    const tagged = (id: number) => wirePost(id, { tumblelog: 'alice', is_mine: true, tags: ['Art'], is_promoted: id === pinned });
    const { requests } = render(<BlogTagPage name="alice" tag="Art" />, {
      'GET /svc/post/blog/after/0': () => ({ response: { posts: [pinned, ...[7, 6, 5].filter((id) => id !== pinned)].map(tagged) } }),
      'POST /svc/promote': (req) => {
        pinned = Number(req.form.get('post_id'));
        return { response: { post_id: pinned, tag_id: 'art', promoted: true } };
      },
    });
    const feed = await screen.findByRole('feed', { name: 'alice posts tagged #Art' });
    expect(requests.find((r) => r.path === '/svc/post/blog/after/0')?.query.get('tag')).toBe('Art');
    expect(screen.getByRole('link', { name: '#Art in the archive' }).getAttribute('href')).toBe('/blog/alice/archive/tagged/Art');
    // Pinning lists the page again: a new feed each time.
    const first = () => within(screen.getByRole('feed', { name: 'alice posts tagged #Art' })).getAllByRole('article')[0];
    expect(first().getAttribute('data-post-id')).toBe('5');
    expect(within(first()).getByText('Pinned')).toBeTruthy();
    expect(within(first()).getByRole('button', { name: 'Unpin from #Art' })).toBeTruthy();

    const seven = feed.querySelector('article[data-post-id="7"]') as HTMLElement;
    fireEvent.click(within(seven).getByRole('button', { name: 'Pin to #Art' }));
    await waitFor(() => expect(first().getAttribute('data-post-id')).toBe('7'));
    const promote = requests.find((r) => r.path === '/svc/promote')!;
    expect([promote.form.get('post_id'), promote.form.get('tag')]).toEqual(['7', 'Art']);
  });

  it("shows one post whole on its own page", async () => {
    const { requests } = render(<BlogPostPage name="bob" postId={3} />, {
      'GET /svc/indash_blog/posts': () => ({
        response: { posts: [wirePost(3, { content: { type: 'text', title: 'Long', body: LONG_BODY } })], tumblelog: wireBlog('bob') },
      }),
    });
    const article = await screen.findByRole('article', { name: 'Text post by bob' });
    expect(within(article).getByText('The rest.')).toBeTruthy();
    expect(within(article).queryByRole('link', { name: 'Keep reading' })).toBeNull();
    const asked = requests.find((r) => r.path === '/svc/indash_blog/posts')!;
    expect(asked.query.get('tumblelog_name_or_id')).toBe('bob');
    expect(asked.query.get('post_id')).toBe('3');
  });

  it('shows an edit of the post saved meanwhile', async () => {
    render(<BlogPostPage name="alice" postId={3} />, {
      'GET /svc/indash_blog/posts': () => ({ response: { posts: [wirePost(3, { tumblelog: 'alice', is_mine: true })], tumblelog: wireBlog('alice') } }),
    });
    expect(await screen.findByRole('heading', { name: 'Post 3' })).toBeTruthy();
    const edited = wirePost(3, { tumblelog: 'alice', is_mine: true, content: { type: 'text', title: 'Edited', body: '' } });
    act(() => announceSavedPost(savedPostFromWire(saveAnswer(edited, { created_post: false }))));
    expect(await screen.findByRole('heading', { name: 'Edited' })).toBeTruthy();
  });

  it('says the post was deleted when its owner deletes it on its own page', async () => {
    render(<BlogPostPage name="alice" postId={3} />, {
      'GET /svc/indash_blog/posts': () => ({ response: { posts: [wirePost(3, { tumblelog: 'alice', is_mine: true })], tumblelog: wireBlog('alice') } }),
    });
    expect(await screen.findByRole('heading', { name: 'Post 3' })).toBeTruthy();
    act(() => announceRemovedPost(4));
    expect(screen.getByRole('heading', { name: 'Post 3' })).toBeTruthy();
    act(() => announceRemovedPost(3));
    expect(await screen.findByText('This post was deleted.')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Text post by alice' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to alice' }).getAttribute('href')).toBe('/blog/alice');
  });

  it('says when a post is not there, with nothing to retry', async () => {
    render(<BlogPostPage name="bob" postId={4} />, {
      'GET /svc/indash_blog/posts': () => ({ status: 404, errors: [{ code: 'not_found', detail: 'No such post.' }] }),
    });
    expect(await screen.findByText('No such post.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("lists the owner's drafts oldest first, each marked Draft, with a Drafts tab", async () => {
    const { requests } = render(<BlogOwnerPostsPage name="alice" page="drafts" />, {
      'GET /svc/post/drafts/after/0': () => ({
        response: { posts: [1, 2].map((id) => wirePost(id, { tumblelog: 'alice', state: 'draft', is_mine: true })) },
      }),
    }, '/blog/alice/drafts');
    expect(await screen.findByRole('heading', { name: 'Drafts', level: 2 })).toBeTruthy();
    const feed = await screen.findByRole('feed', { name: 'alice drafts' });
    const posts = within(feed).getAllByRole('article');
    expect(posts.map((p) => p.getAttribute('data-post-id'))).toEqual(['1', '2']);
    expect(within(posts[0]).getByText('Draft')).toBeTruthy();
    expect(within(posts[0]).getByRole('heading', { name: 'Post 1', level: 3 })).toBeTruthy();
    expect(requests.find((r) => r.path === '/svc/post/drafts/after/0')?.query.get('blog')).toBe('alice');
    expect(screen.getByRole('link', { name: 'Drafts' }).getAttribute('aria-current')).toBe('page');
  });

  it("lists a group's queue to its members, as to its owner", async () => {
    const { requests } = render(<BlogOwnerPostsPage name="team" page="queue" />, {
      'GET /svc/data/tumblelog': () => ({ response: wireBlog('team', { member_role: 'member', queued_post_count: 1 }) }),
      'GET /svc/post/queue/after/0': () => ({ response: { posts: [wirePost(5, { tumblelog: 'team', state: 'queued', is_mine: true })] } }),
    }, '/blog/team/queue');
    const feed = await screen.findByRole('feed', { name: 'team queue' });
    expect(within(feed).getAllByRole('article')).toHaveLength(1);
    expect(requests.find((r) => r.path === '/svc/post/queue/after/0')?.query.get('blog')).toBe('team');
    expect(screen.getByRole('link', { name: 'Queue' }).getAttribute('aria-current')).toBe('page');
  });

  it("tells anyone else the drafts are the owner's, without asking for them", async () => {
    const { requests } = render(<BlogOwnerPostsPage name="bob" page="queue" />, {});
    expect(await screen.findByText('Only the owner of bob can see its queue.')).toBeTruthy();
    expect(requests.some((r) => r.path.startsWith('/svc/post/'))).toBe(false);
  });
});

describe('a blog’s followers and activity', () => {
  it('lists who follows the owner’s blog, a page at a time, and only the count to anyone else', async () => {
    const follower = (i: number) => wireBlog(`fan-${i}`, { title: `Fan ${i}` });
    const { requests } = render(<BlogFollowersPage name="alice" />, {
      'GET /svc/data/tumblelog': (req) => ({
        response: wireBlog(req.query.get('tumblelog')!, { is_mine: req.query.get('tumblelog') === 'alice', follower_count: 3 }),
      }),
      'GET /svc/blog/followers': (req) =>
        req.query.get('offset') === '0'
          ? { response: { blogs: [follower(3), follower(2)], total: 3 } }
          : { response: { blogs: [follower(1)], total: 3 } },
      'GET /svc/alice/posts/highlighted': () => ({ response: { highlighted_posts: [] } }),
    });
    const list = await screen.findByRole('list', { name: 'Blogs following alice' });
    await within(list).findByRole('article', { name: 'fan-2' });
    expect(screen.getByText('3 blogs follow alice.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more followers' }));
    await within(list).findByRole('article', { name: 'fan-1' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show more followers' })).toBeNull();
    expect(requests.filter((r) => r.path === '/svc/blog/followers').map((r) => r.query.get('offset'))).toEqual(['0', '2']);
  });

  it('says only how many follow a blog that is not yours', async () => {
    const { requests } = render(<BlogFollowersPage name="bob" />, {
      'GET /svc/data/tumblelog': () => ({ response: wireBlog('bob', { follower_count: 1 }) }),
    });
    await screen.findByText('1 blog follows bob.');
    expect(requests.some((r) => r.path === '/svc/blog/followers')).toBe(false);
  });

  it('shows the whole history, older pages on asking, and new notifications live with the sparkline', async () => {
    const note = (id: number, timestamp: number) =>
      wireNotification(id, { timestamp, from_tumblelog: { name: `fan-${id}`, avatar_url_48: '', avatar_url_128: '', url: `/blog/fan-${id}`, is_friend: false } });
    const now = Math.floor(Date.now() / 1000);
    const days = Array<number>(30).fill(0);
    days[29] = 2;
    const { requests, realtime } = render(<BlogActivityPage name="alice" />, {
      'GET /svc/data/tumblelog': () => ({
        response: wireBlog('alice', { is_mine: true, activity_data: { sparkline: days }, activity_notifications: [note(3, now), note(2, now)] }),
      }),
      'GET /svc/blog/activity': (req) =>
        req.query.get('before_id') === null
          ? { response: { notifications: [note(3, now), note(2, now)], more: true } }
          : { response: { notifications: [note(1, now - 3 * 86400)], more: false } },
    });
    await screen.findByText(/fan-2/);
    fireEvent.click(await screen.findByRole('button', { name: 'Older notifications' }));
    await screen.findByText(/fan-1/);
    expect(screen.queryByRole('button', { name: 'Older notifications' })).toBeNull();
    expect(requests.filter((r) => r.path === '/svc/blog/activity').map((r) => r.query.get('before_id'))).toEqual([null, '2']);
    act(() =>
      realtime.emit({ channel: 'activity:alice', seq: 9, event: 'notification', data: note(4, now) }),
    );
    await screen.findByText(/fan-4/);
    const today = () => screen.getByRole('img', { name: 'Activity over the last 30 days' }).querySelector('rect:last-of-type title');
    await waitFor(() => expect(today()?.textContent).toBe('3'));
  });
});
