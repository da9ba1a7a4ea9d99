import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Processing } from '../../api/types/Processing';
import type { VideoProgress } from '../../api/types/VideoProgress';
import { deferred, fakeApi, type FakeAnswer, type FakeRoute } from '../../test/fakeApi';
import { user, userBlog, wireBlog } from '../../test/fixtures';
import { wirePost } from '../../test/postFixtures';
import { renderWithProviders } from '../../test/renderApp';
import { advance } from '../../test/time';
import { BlogOwnerPostsPage } from '../blogPage';

const alice = user({ blogs: [userBlog('alice', { isCurrent: true, isPrimary: true })] });

const held = (id: number) =>
  wirePost(id, {
    tumblelog: 'alice',
    state: 'transcoding',
    is_mine: true,
    content: { type: 'video', url: `/media/upload-${id}.mov`, service: 'direct', embed_url: '', caption: '' },
  });

const video = (postId: number, state: VideoProgress['state'], error = ''): VideoProgress => ({
  post_id: postId,
  state,
  attempts: state === 'failed' ? 3 : 1,
  max_attempts: 3,
  error,
});

const FAILURE = 'This video could not be processed: Invalid data found when processing input';

/** The Processing page of alice, its posts and videos as the test sets them meanwhile. */
function renderProcessing(initial: { posts: number[]; processing: Processing }, routes: Record<string, FakeRoute> = {}) {
  const server = { ...initial };
  const api = fakeApi({
    'GET /svc/*/posts/highlighted': () => ({ response: { highlighted_posts: [] } }),
    'GET /svc/data/tumblelog': () => ({ response: wireBlog('alice', { is_mine: true }) }),
    'GET /svc/post/processing/after/0': () => ({ response: { posts: server.posts.map(held) } }),
    'GET /svc/video/processing': () => ({ response: server.processing }),
    ...routes,
  });
  renderWithProviders(<BlogOwnerPostsPage name="alice" page="processing" />, {
    client: api.client,
    user: alice,
    path: '/blog/alice/processing',
  });
  const asked = (path: string) => api.requests.filter((r) => r.path === path);
  const post = (id: number) => screen.getByRole('feed', { name: 'alice processing' }).querySelector<HTMLElement>(`article[data-post-id="${id}"]`);
  return { ...api, server, asked, post };
}

describe('the Processing page: each held post’s video', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says how far each got, asks again every 5 s while any is on its way, and drops a post that went on', async () => {
    const page = renderProcessing({
      posts: [1, 2, 3],
      processing: { enabled: true, videos: [video(1, 'queued'), video(2, 'running'), video(3, 'failed', FAILURE)] },
    });
    await advance();
    await advance();
    expect(page.asked('/svc/video/processing')[0].query.get('tumblelog')).toBe('alice');
    expect(within(page.post(1)!).getByText('Waiting to be processed')).toBeTruthy();
    const running = page.post(2)!;
    expect(within(running).getByText('Processing your video…')).toBeTruthy();
    expect(within(running).getByRole('progressbar', { name: 'Processing' }).className).toBe('three-bar-loader');
    const failed = page.post(3)!;
    expect(within(failed).getByText('This video could not be processed.')).toBeTruthy();
    expect(within(failed).getByText(FAILURE)).toBeTruthy();
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText(/This server does not process videos/)).toBeNull();

    expect(page.asked('/svc/video/processing')).toHaveLength(1);
    await advance(4999);
    expect(page.asked('/svc/video/processing')).toHaveLength(1);
    await advance(1);
    expect(page.asked('/svc/video/processing')).toHaveLength(2);

    // Post 1's video is done and its post went on: the page's posts are read again, and the
    // blog's counts (the tabs and the account menu show the Processing page while it has posts).
    page.server.posts = [2, 3];
    page.server.processing = { enabled: true, videos: [video(2, 'running'), video(3, 'failed', FAILURE)] };
    expect(page.asked('/svc/post/processing/after/0')).toHaveLength(1);
    const blogReads = page.asked('/svc/data/tumblelog').length;
    await advance(5000);
    await advance();
    expect(page.asked('/svc/post/processing/after/0')).toHaveLength(2);
    expect(page.post(1)).toBeNull();
    expect(page.asked('/svc/data/tumblelog').length).toBe(blogReads + 1);
    expect(within(page.post(2)!).getByText('Processing your video…')).toBeTruthy();

    // Nothing on its way any more: no more asking.
    page.server.processing = { enabled: true, videos: [video(2, 'failed', FAILURE), video(3, 'failed', FAILURE)] };
    await advance(5000);
    const asks = page.asked('/svc/video/processing').length;
    await advance(20_000);
    expect(page.asked('/svc/video/processing')).toHaveLength(asks);
  });

  it('says a try failed, and why, while the next one waits', async () => {
    const page = renderProcessing({
      posts: [1],
      processing: { enabled: true, videos: [video(1, 'queued', FAILURE)] },
    });
    await advance();
    await advance();
    const waiting = page.post(1)!;
    expect(within(waiting).getByText('Try 1 of 3 failed; it will be tried again.')).toBeTruthy();
    expect(within(waiting).getByText(FAILURE)).toBeTruthy();
    expect(within(waiting).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('tries a failed video again: disabled while sending, then waiting again', async () => {
    const answer = deferred<FakeAnswer>();
    const page = renderProcessing(
      { posts: [3], processing: { enabled: true, videos: [video(3, 'failed', FAILURE)] } },
      { 'POST /svc/video/retry': () => answer.promise },
    );
    await advance();
    await advance();
    const retry = within(page.post(3)!).getByRole('button', { name: 'Try again' }) as HTMLButtonElement;
    fireEvent.click(retry);
    await advance();
    expect(retry.disabled).toBe(true);
    const sent = page.asked('/svc/video/retry');
    expect(sent).toHaveLength(1);
    expect(sent[0].form.get('post_id')).toBe('3');
    expect(sent[0].form.get('form_key')).toBe('test-form-key');

    page.server.processing = { enabled: true, videos: [video(3, 'queued')] };
    answer.resolve({ response: { post_id: 3 } });
    await advance();
    await advance();
    expect(within(page.post(3)!).getByText('Waiting to be processed')).toBeTruthy();
    expect(within(page.post(3)!).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(page.asked('/svc/video/processing')).toHaveLength(2);
    // Waiting again: asked every 5 s.
    await advance(5000);
    expect(page.asked('/svc/video/processing')).toHaveLength(3);
  });

  it("shows the server's reason when another try is refused", async () => {
    const page = renderProcessing(
      { posts: [3], processing: { enabled: true, videos: [video(3, 'failed', FAILURE)] } },
      { 'POST /svc/video/retry': () => ({ status: 400, errors: [{ code: 'bad_query', detail: "This post's video has not failed." }] }) },
    );
    await advance();
    await advance();
    const note = page.post(3)!;
    fireEvent.click(within(note).getByRole('button', { name: 'Try again' }));
    await advance();
    expect(within(note).getByRole('alert').textContent).toBe("This post's video has not failed.");
    expect((within(note).getByRole('button', { name: 'Try again' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(note).getByText('This video could not be processed.')).toBeTruthy();
  });

  it('says so, once, when the server does not process videos', async () => {
    const page = renderProcessing({ posts: [], processing: { enabled: false, videos: [] } });
    await advance();
    await advance();
    expect(screen.getAllByText('This server does not process videos: they are posted as uploaded.')).toHaveLength(1);
    expect(screen.getByText('No videos are processing.')).toBeTruthy();
    await advance(10_000);
    expect(page.asked('/svc/video/processing')).toHaveLength(1);
  });
});
