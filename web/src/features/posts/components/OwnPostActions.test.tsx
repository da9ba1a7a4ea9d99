import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import confetti from 'canvas-confetti';
import { describe, expect, it, vi } from 'vitest';
import { postFromWire } from '../../../api/postModels';
import { DELETE_CONFIRMATION } from '../../../api/postActions';
import type { Post as WirePost } from '../../../api/types/Post';
import { fakeApi, type FakeRoute } from '../../../test/fakeApi';
import { wirePost } from '../../../test/postFixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { useEffect } from 'react';
import { blogFromWire } from '../../../api/models';
import { user, wireBlog } from '../../../test/fixtures';
import { useBlog, useBlogsDispatch } from '../../blogs';
import { useRemovedPosts, useSavedPosts } from '../savedPosts';
import { PostView } from './PostView';

vi.mock('canvas-confetti', () => ({ default: vi.fn(() => Promise.resolve()) }));

const context = { name_or_id: 'bob', post_count: 1, draft_count: 0, queued_post_count: 0, transcoding_count: 0 };

/** The post, and what the pages listening for saved and removed posts heard. */
function renderOwnPost(wire: WirePost, routes: Record<string, FakeRoute> = {}) {
  const api = fakeApi(routes);
  const heard: { saved: string[]; removed: number[] } = { saved: [], removed: [] };
  function Listener() {
    useSavedPosts((answer) => heard.saved.push(`${answer.post.id}:${answer.post.state}`));
    useRemovedPosts((id) => heard.removed.push(id));
    return null;
  }
  const rendered = renderWithProviders(
    <>
      <Listener />
      <PostView post={postFromWire(wire)} />
    </>,
    { client: api.client, user: user() },
  );
  return { ...api, heard, article: within(rendered.container).getByRole('article') };
}

const buttons = (article: HTMLElement) =>
  within(article)
    .getAllByRole('button')
    .map((b) => b.textContent)
    .filter((t) => ['Publish', 'Queue', 'Delete'].includes(t ?? ''));

describe('OwnPostActions: publish and delete one’s own post', () => {
  it('offers Publish and Queue on a draft, Publish on a queued or scheduled post, Delete on every one', () => {
    const offered = (state: WirePost['state']) => {
      const { article } = renderOwnPost(wirePost(5, { is_mine: true, state }));
      return buttons(article);
    };
    expect(offered('draft')).toEqual(['Publish', 'Queue', 'Delete']);
    expect(offered('queued')).toEqual(['Publish', 'Delete']);
    expect(offered('scheduled')).toEqual(['Publish', 'Delete']);
    expect(offered('published')).toEqual(['Delete']);
    expect(offered('private')).toEqual(['Delete']);
  });

  it('offers none of them on someone else’s post', () => {
    const { article } = renderOwnPost(wirePost(5, { state: 'published' }));
    expect(buttons(article)).toEqual([]);
  });

  it('publishes a draft and tells the pages it went out', async () => {
    const { article, requests, heard } = renderOwnPost(wirePost(5, { is_mine: true, state: 'draft' }), {
      'POST /publish': () => ({
        response: { post: wirePost(5, { is_mine: true, state: 'published' }), message: 'Posted', context_tumblelog: context },
      }),
    });
    fireEvent.click(within(article).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(heard.saved).toEqual(['5:published']));
    const sent = requests.find((r) => r.path === '/publish')!.form;
    expect([sent.get('id'), sent.get('queue')]).toEqual(['5', null]);
  });

  it('celebrates a published draft that was the user’s first post', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    const { article, heard } = renderOwnPost(wirePost(5, { is_mine: true, state: 'draft' }), {
      'POST /publish': () => ({
        response: {
          post: wirePost(5, { is_mine: true, state: 'published' }),
          message: 'Posted',
          context_tumblelog: context,
          first_post: true,
        },
      }),
    });
    fireEvent.click(within(article).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(heard.saved).toEqual(['5:published']));
    await waitFor(() => expect(confetti).toHaveBeenCalledTimes(1));
    vi.unstubAllGlobals();
  });

  it('queues a draft with queue=queue', async () => {
    const { article, requests, heard } = renderOwnPost(wirePost(5, { is_mine: true, state: 'draft' }), {
      'POST /publish': () => ({
        response: { post: wirePost(5, { is_mine: true, state: 'queued' }), message: 'Queued', context_tumblelog: context },
      }),
    });
    fireEvent.click(within(article).getByRole('button', { name: 'Queue' }));
    await waitFor(() => expect(heard.saved).toEqual(['5:queued']));
    expect(requests.find((r) => r.path === '/publish')!.form.get('queue')).toBe('queue');
  });

  it("updates the blog's counts from the answer (the account menu's Drafts and Queue)", async () => {
    function Counts() {
      const dispatch = useBlogsDispatch();
      const bob = useBlog('bob');
      useEffect(() => {
        dispatch({ type: 'received', blogs: [blogFromWire(wireBlog('bob', { draft_count: 1, queued_post_count: 0 }))] });
      }, [dispatch]);
      return <output aria-label="counts">{bob ? `${bob.draftCount} ${bob.queuedPostCount}` : ''}</output>;
    }
    const api = fakeApi({
      'POST /publish': () => ({
        response: {
          post: wirePost(5, { is_mine: true, state: 'queued' }),
          message: 'Queued',
          context_tumblelog: { ...context, draft_count: 0, queued_post_count: 1 },
        },
      }),
    });
    const rendered = renderWithProviders(
      <>
        <Counts />
        <PostView post={postFromWire(wirePost(5, { is_mine: true, state: 'draft' }))} />
      </>,
      { client: api.client, user: user() },
    );
    expect((await screen.findByRole('status', { name: 'counts' })).textContent).toBe('1 0');
    fireEvent.click(within(within(rendered.container).getByRole('article')).getByRole('button', { name: 'Queue' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'counts' }).textContent).toBe('0 1'));
  });

  it('deletes only after the confirmation, then tells the pages the post is gone', async () => {
    const { article, requests, heard } = renderOwnPost(wirePost(5, { is_mine: true }), {
      'POST /svc/post/delete': () => ({ response: { id: 5, context_tumblelog: context } }),
    });
    const remove = within(article).getByRole('button', { name: 'Delete' });
    fireEvent.click(remove);
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(DELETE_CONFIRMATION);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((r) => r.path === '/svc/post/delete')).toBe(false);

    fireEvent.click(remove);
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(heard.removed).toEqual([5]));
    const sent = requests.find((r) => r.path === '/svc/post/delete')!.form;
    expect([sent.get('post_id'), sent.get('channel_id')]).toEqual(['5', 'bob']);
  });

  it('shows a refusal beside the buttons and keeps the post', async () => {
    const { article, heard } = renderOwnPost(wirePost(5, { is_mine: true, state: 'queued' }), {
      'POST /publish': () => ({ status: 400, errors: [{ code: 'invalid_post', detail: 'Only a draft or a queued post can be published.' }] }),
    });
    const publish = within(article).getByRole('button', { name: 'Publish' });
    fireEvent.click(publish);
    expect((await within(article).findByRole('alert')).textContent).toBe('Only a draft or a queued post can be published.');
    expect(heard.saved).toEqual([]);
    expect((publish as HTMLButtonElement).disabled).toBe(false);
  });
});
