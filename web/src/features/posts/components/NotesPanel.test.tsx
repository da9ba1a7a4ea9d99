import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { postFromWire } from '../../../api/postModels';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../test/fakeApi';
import { user } from '../../../test/fixtures';
import { wirePost } from '../../../test/postFixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { CATCH_UP_PAGES } from '../noteList';
import { PostView } from './PostView';

/**
 * A fake chain of likes on post 5, ids 1..`count` (newest highest), served newest first 50 a
 * page as GET /svc/post/notes does; `like` adds one.
 */
function fakeChain(count: number) {
  let newest = count;
  const removed = new Set<number>();
  const answer = (req: FakeRequest): FakeAnswer => {
    const before = Number(req.query.get('before_id') ?? Infinity);
    const ids: number[] = [];
    for (let id = Math.min(newest, before - 1); id >= 1 && ids.length < 50; id--) if (!removed.has(id)) ids.push(id);
    return {
      response: {
        post_id: 5,
        root_id: 5,
        note_count: newest - removed.size,
        notes: ids.map((id) => ({ id, type: 'like', post_id: 5, blog_name: `fan${id}`, blog_url: `/blog/fan${id}`, avatar_url: `/avatar/fan${id}/48`, timestamp: 0 })),
        ...(ids.length === 50 ? { next_before_id: ids[49] } : {}),
      },
    };
  };
  return {
    answer,
    like: () => ++newest,
    unlike: (id: number) => removed.add(id),
    count: () => newest - removed.size,
  };
}

function renderChain(chain: ReturnType<typeof fakeChain>) {
  const api = fakeApi({ 'GET /svc/post/notes': chain.answer });
  const rendered = renderWithProviders(<PostView post={postFromWire(wirePost(5, { note_count: chain.count() }))} />, {
    client: api.client,
    user: user(),
  });
  const article = within(rendered.container).getByRole('article');
  // Each note's blog name, in order (read with a selector: a role query over 100 items is slow).
  const names = () => Array.from(article.querySelectorAll('.note a:first-of-type'), (a) => a.textContent);
  const emitCount = () =>
    act(() => rendered.realtime.emit({ channel: 'notes:5', seq: chain.count(), event: 'notes', data: { root_id: 5, note_count: chain.count() } }));
  return { ...api, article, names, emitCount };
}

const pagesAsked = (requests: FakeRequest[]) =>
  requests.filter((r) => r.path === '/svc/post/notes').map((r) => r.query.get('before_id'));

describe('NotesPanel: new notes while the reader has paged down', () => {
  it('keeps the pages loaded and puts a new note on top, asking only for the newest page', async () => {
    const chain = fakeChain(120);
    const { article, names, emitCount, requests } = renderChain(chain);
    fireEvent.click(within(article).getByRole('button', { name: '120 notes' }));
    await waitFor(() => expect(names()).toHaveLength(50));
    fireEvent.click(within(article).getByRole('button', { name: 'Show more notes' }));
    await waitFor(() => expect(names()).toHaveLength(100));
    expect(pagesAsked(requests)).toEqual([null, '71']);

    chain.like();
    emitCount();
    await waitFor(() => expect(names()[0]).toBe('fan121'));
    // The second page is still there, the new like above all of it, nothing twice.
    expect(names()).toHaveLength(101);
    expect(names().at(-1)).toBe('fan21');
    expect(new Set(names()).size).toBe(101);
    expect(pagesAsked(requests)).toEqual([null, '71', null]);
    // And paging on continues from where the reader was.
    fireEvent.click(within(article).getByRole('button', { name: 'Show more notes' }));
    await waitFor(() => expect(names()).toHaveLength(121));
    expect(pagesAsked(requests).at(-1)).toBe('21');
    expect(within(article).queryByRole('button', { name: 'Show more notes' })).toBeNull();
  });

  it('drops a note taken back among the newest, and keeps the older pages', async () => {
    const chain = fakeChain(80);
    const { article, names, emitCount } = renderChain(chain);
    fireEvent.click(within(article).getByRole('button', { name: '80 notes' }));
    await waitFor(() => expect(names()).toHaveLength(50));
    fireEvent.click(within(article).getByRole('button', { name: 'Show more notes' }));
    await waitFor(() => expect(names()).toHaveLength(80));

    chain.unlike(79);
    emitCount();
    await waitFor(() => expect(names()).toHaveLength(79));
    expect(names().slice(0, 2)).toEqual(['fan80', 'fan78']);
    expect(names().at(-1)).toBe('fan1');
  });

  it('drops a note taken back below the newest page by reading the loaded pages again, keeping the reader\'s place', async () => {
    const chain = fakeChain(120);
    const { article, names, emitCount, requests } = renderChain(chain);
    fireEvent.click(within(article).getByRole('button', { name: '120 notes' }));
    await waitFor(() => expect(names()).toHaveLength(50));
    fireEvent.click(within(article).getByRole('button', { name: 'Show more notes' }));
    await waitFor(() => expect(names()).toHaveLength(100));

    // fan30 is on the second page, below the newest 50 the list reads again.
    chain.unlike(30);
    emitCount();
    await waitFor(() => expect(names()).not.toContain('fan30'));
    // The same two pages, as they now are: the second reaches one further down.
    expect(names()).toHaveLength(100);
    expect(names()[0]).toBe('fan120');
    expect(names().at(-1)).toBe('fan20');
    expect(within(article).getByRole('button', { name: '119 notes' })).toBeTruthy();
    // The newest page, then both loaded pages again.
    expect(pagesAsked(requests)).toEqual([null, '71', null, null, '71']);

    // An unlike the newest notes do explain reads nothing more.
    chain.unlike(119);
    emitCount();
    await waitFor(() => expect(names()).not.toContain('fan119'));
    expect(names()).toHaveLength(99);
    expect(pagesAsked(requests)).toHaveLength(6);
  });

  it('reads down from the newest note until it meets the loaded pages when more came than a page holds', async () => {
    const chain = fakeChain(60);
    const { article, names, emitCount, requests } = renderChain(chain);
    fireEvent.click(within(article).getByRole('button', { name: '60 notes' }));
    await waitFor(() => expect(names()).toHaveLength(50));
    fireEvent.click(within(article).getByRole('button', { name: 'Show more notes' }));
    await waitFor(() => expect(names()).toHaveLength(60));

    // 70 likes at once: the newest page alone would leave a hole between it and the list.
    for (let i = 0; i < 70; i++) chain.like();
    emitCount();
    await waitFor(() => expect(names()).toHaveLength(130));
    expect(names()[0]).toBe('fan130');
    expect(new Set(names()).size).toBe(130);
    expect(pagesAsked(requests).slice(2)).toEqual([null, '81']);
  });

  it('starts again from the top when more came than it reads to catch up', async () => {
    const chain = fakeChain(60);
    const { article, names, emitCount } = renderChain(chain);
    fireEvent.click(within(article).getByRole('button', { name: '60 notes' }));
    await waitFor(() => expect(names()).toHaveLength(50));
    fireEvent.click(within(article).getByRole('button', { name: 'Show more notes' }));
    await waitFor(() => expect(names()).toHaveLength(60));

    for (let i = 0; i < 50 * CATCH_UP_PAGES + 10; i++) chain.like();
    emitCount();
    // No hole in the list: its first page again, newest first, and more to load.
    await waitFor(() => expect(names()).toHaveLength(50));
    expect(names()[0]).toBe(`fan${chain.count()}`);
    expect(names().at(-1)).toBe(`fan${chain.count() - 49}`);
    expect(within(article).getByRole('button', { name: 'Show more notes' })).toBeTruthy();
  });
});
