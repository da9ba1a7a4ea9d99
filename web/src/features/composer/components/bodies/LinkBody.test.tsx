import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenGraph } from '../../../../api/types/OpenGraph';
import { deferred, type FakeAnswer } from '../../../../test/fakeApi';
import { preloadComposer } from '../..';
import { renderComposerAt } from '../../testing';

// The form's code is loaded lazily in the app; here, once, before the tests time anything.
beforeAll(() => preloadComposer(), 30_000);

const page: OpenGraph = {
  title: 'The page',
  description: 'All about it',
  author: 'Ann',
  image: 'https://example.com/wide.png',
  image_width: 640,
  tags: ['one', 'two'],
};

const dialog = () => screen.getByRole('dialog', { name: 'New link post' });
const postButton = () => within(dialog()).getByRole('button', { name: 'Post' }) as HTMLButtonElement;
const tagsOf = () =>
  within(screen.getByRole('list', { name: 'Tags of this post' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent?.replace('×', ''));

/** Opens a new link post whose OpenGraph lookup answers when the test says. */
async function openWithLookup() {
  const answer = deferred<FakeAnswer>();
  const view = renderComposerAt('/new/link', { routes: { 'POST /svc/post/fetch_og': () => answer.promise } });
  const url = await screen.findByRole('textbox', { name: 'URL' });
  return { ...view, answer, url };
}

describe('the link form’s OpenGraph data (spec 001 §4 Link form)', () => {
  it('looks the URL up and waits, then fills the link and shows it with the caption', async () => {
    const { answer, url, sent } = await openWithLookup();
    fireEvent.change(url, { target: { value: 'example.com/story' } });
    // The 500 ms pause; leaving the field gives the URL at once.
    fireEvent.blur(url);
    await waitFor(() => expect(sent('/svc/post/fetch_og')).toHaveLength(1));
    expect(sent('/svc/post/fetch_og')[0].form.get('url')).toBe('http://example.com/story');
    expect(within(dialog()).getByRole('status').textContent).toBe('Loading OpenGraph data.');
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
    expect(postButton().disabled).toBe(true);

    answer.resolve({ response: page });
    const title = (await screen.findByRole('textbox', { name: 'Title' })) as HTMLInputElement;
    expect(title.value).toBe('The page');
    expect((screen.getByRole('textbox', { name: 'Summary' }) as HTMLTextAreaElement).value).toBe('All about it');
    expect((screen.getByRole('textbox', { name: 'Author' }) as HTMLInputElement).value).toBe('Ann');
    expect(dialog().querySelector('.link-media__thumbnail')?.getAttribute('src')).toBe('https://example.com/wide.png');
    expect(screen.getByText('example.com')).toBeTruthy();
    expect(tagsOf()).toEqual(['#one', '#two']);
    expect(screen.getByRole('textbox', { name: 'Caption' })).toBeTruthy();
    expect(postButton().disabled).toBe(false);
  });

  it('cancels the lookup on Escape, keeps the composer open, and ignores the late answer', async () => {
    const { answer, url } = await openWithLookup();
    fireEvent.change(url, { target: { value: 'https://example.com/slow' } });
    fireEvent.blur(url);
    await within(dialog()).findByRole('status');
    fireEvent.keyDown(url, { key: 'Escape' });
    expect(within(dialog()).queryByRole('status')).toBeNull();
    expect(dialog()).toBeTruthy();
    const title = (await screen.findByRole('textbox', { name: 'Title' })) as HTMLInputElement;
    expect(title.value).toBe('');
    answer.resolve({ response: page });
    await new Promise((r) => setTimeout(r, 20));
    expect(title.value).toBe('');
  });

  it('goes on with no data when the page cannot be read', async () => {
    const { answer, url } = await openWithLookup();
    fireEvent.change(url, { target: { value: 'https://example.com/gone' } });
    fireEvent.blur(url);
    answer.resolve({ status: 400, errors: [{ code: 'bad_url', detail: 'The server answered 404.' }] });
    expect(((await screen.findByRole('textbox', { name: 'Title' })) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves tags the user entered alone', async () => {
    const { answer, url } = await openWithLookup();
    const tags = screen.getByRole('combobox', { name: 'Tags' });
    fireEvent.change(tags, { target: { value: 'mine,' } });
    fireEvent.change(url, { target: { value: 'https://example.com/a' } });
    fireEvent.blur(url);
    answer.resolve({ response: page });
    await screen.findByRole('textbox', { name: 'Title' });
    expect(tagsOf()).toEqual(['#mine']);
  });

  it('takes a narrow image as no thumbnail; the remove button then takes the whole link', async () => {
    const { answer, url } = await openWithLookup();
    fireEvent.change(url, { target: { value: 'https://example.com/narrow' } });
    fireEvent.blur(url);
    answer.resolve({ response: { ...page, image_width: 200 } });
    await screen.findByRole('textbox', { name: 'Title' });
    expect(dialog().querySelector('.link-media__thumbnail')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove link' }));
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
    expect((screen.getByRole('textbox', { name: 'URL' }) as HTMLInputElement).value).toBe('');
  });

  it('removes the thumbnail first, then the link', async () => {
    const { answer, url } = await openWithLookup();
    fireEvent.change(url, { target: { value: 'https://example.com/wide' } });
    fireEvent.blur(url);
    answer.resolve({ response: page });
    await screen.findByRole('textbox', { name: 'Title' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove thumbnail' }));
    expect(dialog().querySelector('.link-media__thumbnail')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove link' }));
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
  });
});
