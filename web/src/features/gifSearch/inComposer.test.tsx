// The GIF search where the composer uses it (spec 001 §1, §2, §9): the rich-text editor's
// 'Insert a GIF' button or meta+shift+g puts the chosen GIF in the text; 'Add a GIF' on a
// photo post makes it a photo. Both ask for results 250 wide (§9).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GifImage } from '../../api/types/GifImage';
import { preloadComposer } from '../composer';
import { renderComposerAt } from '../composer/testing';

// The form's code is loaded lazily in the app; here, once, before the tests time anything.
beforeAll(() => preloadComposer(), 30_000);

const DANCE: GifImage = {
  mediaUrl: '/media/dance.gif',
  postUrl: '/blog/bob/post/3',
  rootPostUrl: '/blog/bob/post/3',
  rootPostUrlHash: 'abc',
  rootBlog: 'bob',
  rootBlogUrl: '/blog/bob',
  rootBlogKey: 'bob',
  postTags: ['dancing'],
  popularSearchTag: 'dancing',
  width: 320,
  height: 240,
  postBlog: 'bob',
  postId: 3,
};

/**
 * The chosen GIF's full-size image, which the panel polls for (GifSearchPanel.test.tsx tests
 * the poll): here the browser already has it, so it is complete as soon as it is asked for.
 */
const images: { src: string }[] = [];
class FakeImage {
  src = '';
  complete = true;
  naturalWidth = 320;
  constructor() {
    images.push(this);
  }
}

beforeEach(() => {
  images.length = 0;
  vi.stubGlobal('Image', FakeImage);
});

afterEach(() => vi.unstubAllGlobals());

function renderForm(path: string) {
  return renderComposerAt(path, {
    routes: { 'POST /svc/search/inline_gif': () => ({ response: { query: 'dancing', limit: 200, media: [DANCE], message: null } }) },
  });
}

/**
 * Searches the open panel for 'dancing' and chooses the result, whose image is at hand. The
 * result is shown 250 wide, its height scaled to match (320 × 240 makes 250 × 188).
 */
async function chooseDancing() {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Find a GIF' }), { target: { value: 'dancing' } });
  const result = await screen.findByRole('button', { name: 'GIF from bob #dancing' }, { timeout: 2000 });
  const image = result.querySelector('img')!;
  expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['250', '188']);
  fireEvent.click(result);
  expect(images.map((i) => i.src)).toEqual(['/media/dance.gif']);
  expect(screen.queryByRole('group', { name: 'GIF search' })).toBeNull();
}

describe('the GIF search in the composer', () => {
  it('meta+shift+g in the rich-text editor opens it; the chosen GIF goes in the text, at its size', async () => {
    const { sent } = renderForm('/new/text');
    const body = await screen.findByRole('textbox', { name: 'Body' });
    act(() => {
      fireEvent.keyDown(body, { key: 'G', keyCode: 71, which: 71, ctrlKey: true, shiftKey: true });
    });
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Find a GIF' }));
    await chooseDancing();
    expect(body.querySelector('img')?.getAttribute('src')).toBe('/media/dance.gif');

    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent('/svc/post/update')).toHaveLength(1));
    expect(sent('/svc/post/update')[0].form.get('post[two]')).toBe(
      '<figure data-orig-width="320" data-orig-height="240"><img src="/media/dance.gif" alt="" width="320" height="240"></figure><p></p>',
    );
  });

  it("the editor's toolbar button 'Insert a GIF' opens it too", async () => {
    const { sent } = renderForm('/new/text');
    const body = await screen.findByRole('textbox', { name: 'Body' });
    const button = within(screen.getByRole('toolbar', { name: 'Text formatting' })).getByRole('button', { name: 'Insert a GIF' });
    expect(button.getAttribute('title')).toBe('Insert a GIF (CTRL+SHIFT+G)');
    fireEvent.click(button);
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Find a GIF' }));
    await chooseDancing();
    expect(body.querySelector('img')?.getAttribute('src')).toBe('/media/dance.gif');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent('/svc/post/update')).toHaveLength(1));
    expect(sent('/svc/post/update')[0].form.get('post[two]')).toContain('<img src="/media/dance.gif"');
  });

  it("'Add a GIF' on a photo post: the chosen GIF becomes a photo, saved by its address", async () => {
    const { sent } = renderForm('/new/photo');
    const add = await screen.findByRole('button', { name: 'Add a GIF' });
    fireEvent.click(add);
    expect(add.getAttribute('aria-expanded')).toBe('true');
    await chooseDancing();
    expect(document.activeElement).toBe(add);
    const photos = screen.getByRole('list', { name: 'Photos' });
    expect(within(photos).getByRole('img').getAttribute('src')).toBe('/media/dance.gif');

    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent('/svc/post/update')).toHaveLength(1));
    const form = sent('/svc/post/update')[0].form;
    expect([form.get('images[o1]'), form.get('post[photoset_order]')]).toEqual(['/media/dance.gif', 'o1']);
  });

  it('Escape closes the panel, not the post form', async () => {
    renderForm('/new/photo');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a GIF' }));
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Find a GIF' }), { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'GIF search' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'New photo post' })).toBeTruthy();
  });
});
