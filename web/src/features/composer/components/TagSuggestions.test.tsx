import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeRoute } from '../../../test/fakeApi';
import { preloadComposer } from '..';
import { shownSuggestions, tagQuery } from '../hooks/useTagSuggestions';
import { renderComposerAt } from '../testing';

// The form's code is loaded lazily in the app; here, once, before the tests time anything.
beforeAll(() => preloadComposer(), 30_000);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function renderForm(suggest: FakeRoute) {
  const view = renderComposerAt('/new/text', { routes: { 'POST /svc/tag_suggest': suggest } });
  return { ...view, asked: () => view.sent('/svc/tag_suggest') };
}

const answer = (userTags: string[], suggestions: string[]) => ({
  response: { tags: [...userTags, ...suggestions].map((tag) => ({ tag })), tagSuggestions: { userTags, suggestions } },
});

const tagsOf = () =>
  within(screen.getByRole('list', { name: 'Tags of this post' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent?.replace('×', ''));

const optionsOf = () => within(screen.getByRole('listbox', { name: 'Tag suggestions' })).getAllByRole('option').map((o) => o.textContent);

describe('tag suggestions (spec 001 §2, §5 Tags, §9)', () => {
  it('asks from 2 characters, 100 ms after the last key, with the post’s tags, and shows 5: own tags, then Popular', async () => {
    const { asked } = renderForm(() => answer(['art', 'artist'], ['arts', 'artwork', 'arty', 'artsy']));
    const input = await screen.findByRole('combobox', { name: 'Tags' });
    fireEvent.change(input, { target: { value: 'mine,' } });
    fireEvent.change(input, { target: { value: 'a' } });
    await pause(150);
    expect(asked()).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'ar' } });
    fireEvent.change(input, { target: { value: '#art' } });
    await waitFor(() => expect(asked()).toHaveLength(1));
    expect([asked()[0].form.get('q'), asked()[0].form.get('tags')]).toEqual(['art', 'mine']);
    await screen.findByRole('listbox', { name: 'Tag suggestions' });
    expect(optionsOf()).toEqual(['#art', '#artist', '#arts', '#artwork', '#arty']);
    const popular = screen.getByRole('group', { name: 'Popular' });
    expect(within(popular).getAllByRole('option').map((o) => o.textContent)).toEqual(['#arts', '#artwork', '#arty']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('moves with the arrow keys and picks with Enter; an answer already had is not asked again', async () => {
    const { asked } = renderForm(() => answer(['cats'], ['catsofinstagram']));
    const input = await screen.findByRole('combobox', { name: 'Tags' });
    fireEvent.change(input, { target: { value: 'ca' } });
    await screen.findByRole('listbox', { name: 'Tag suggestions' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = screen.getByRole('option', { selected: true });
    expect(active.textContent).toBe('#catsofinstagram');
    expect(input.getAttribute('aria-activedescendant')).toBe(active.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(tagsOf()).toEqual(['#catsofinstagram']);
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('listbox', { name: 'Tag suggestions' })).toBeNull();
    // Typed again: the kept answer, without a call; the tag now on the post is not offered.
    fireEvent.change(input, { target: { value: 'ca' } });
    expect(optionsOf()).toEqual(['#cats']);
    await pause(150);
    expect(asked()).toHaveLength(1);
    // Enter with nothing highlighted submits what is typed.
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(tagsOf()).toEqual(['#catsofinstagram', '#ca']);
  });

  it('hides the list on Escape without closing the composer, and picks on a click', async () => {
    renderForm(() => answer(['dogs'], []));
    const input = await screen.findByRole('combobox', { name: 'Tags' });
    fireEvent.change(input, { target: { value: 'do' } });
    await screen.findByRole('listbox', { name: 'Tag suggestions' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox', { name: 'Tag suggestions' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'New text post' })).toBeTruthy();
    fireEvent.change(input, { target: { value: 'dog' } });
    fireEvent.change(input, { target: { value: 'do' } });
    fireEvent.click(await screen.findByRole('option', { name: '#dogs' }));
    expect(tagsOf()).toEqual(['#dogs']);
  });

  it('ignores a failed lookup', async () => {
    const { asked } = renderForm(() => ({ status: 500, errors: [{ code: 'internal', detail: 'Something went wrong.' }] }));
    const input = await screen.findByRole('combobox', { name: 'Tags' });
    fireEvent.change(input, { target: { value: 'zz' } });
    await waitFor(() => expect(asked()).toHaveLength(1));
    await pause(20);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('what is asked and shown', () => {
  it('asks nothing under 2 characters, hash signs not counted', () => {
    expect([tagQuery('a'), tagQuery('#a'), tagQuery(' ab '), tagQuery('#ab')]).toEqual(['', '', 'ab', 'ab']);
  });

  it('leaves out tags the post has, whatever their case, and shows 5 at most', () => {
    const shown = shownSuggestions({ userTags: ['Art', 'a1', 'a2', 'a3', 'a4', 'a5'], suggestions: ['p1'] }, ['art']);
    expect(shown).toEqual({ userTags: ['a1', 'a2', 'a3', 'a4', 'a5'], popular: [] });
  });
});
