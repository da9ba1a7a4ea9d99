import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '../../../test/fakeApi';
import { user } from '../../../test/fixtures';
import { wirePost } from '../../../test/postFixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { advance } from '../../../test/time';
import { TYPEAHEAD_HIDE_MS } from '../typeahead';
import { useBlogSearch } from '../useBlogSearch';
import { BlogSearchForm, SEARCH_FOCUS_DELAY_MS } from './BlogSearchForm';

afterEach(() => vi.useRealTimers());

/** The form on ann's search, with what the search lists under it. */
function Harness() {
  const search = useBlogSearch('ann');
  return (
    <>
      <BlogSearchForm search={search} />
      <ul aria-label="Results">
        {search.results?.state.posts.map((p) => <li key={p.id}>{p.id}</li>)}
      </ul>
    </>
  );
}

function renderForm(tags: string[] = []) {
  const api = fakeApi({
    'GET /svc/search/blog_search_typeahead/ann': () => ({ response: { tags: tags.map((tag) => ({ tag })) } }),
    'GET /svc/search/blog_search/ann/*': (req: FakeRequest) => ({
      response: { posts: [wirePost(7, { tumblelog: 'ann' })], next_offset: -1, limit: 10, term: req.path.split('/').at(-1) },
    }),
  });
  renderWithProviders(<Harness />, { client: api.client, user: user() });
  const searches = () => api.requests.filter((r) => r.path.startsWith('/svc/search/blog_search/'));
  return { ...api, searches };
}

const toggle = () => screen.getByRole('button', { name: 'Search' });
const input = () => screen.getByRole('combobox', { name: 'Search ann' });
const results = () => within(screen.getByRole('list', { name: 'Results' })).queryAllByRole('listitem').map((li) => li.textContent);

/** Opens the search and waits out the focus delay. */
async function open() {
  fireEvent.click(toggle());
  await advance(SEARCH_FOCUS_DELAY_MS);
}

describe('BlogSearchForm', () => {
  it('opens on the toggle, with the input focused after 300 ms', async () => {
    vi.useFakeTimers();
    renderForm();
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    expect(input().getAttribute('placeholder')).toBe('Search ann');
    await advance(SEARCH_FOCUS_DELAY_MS - 1);
    expect(document.activeElement).not.toBe(input());
    await advance(1);
    expect(document.activeElement).toBe(input());
  });

  it('searches for the trimmed term on Enter, and not for an empty one', async () => {
    vi.useFakeTimers();
    const { searches } = renderForm();
    await open();
    fireEvent.change(input(), { target: { value: '   ' } });
    fireEvent.submit(input().closest('form')!);
    await advance();
    expect(searches()).toHaveLength(0);

    fireEvent.change(input(), { target: { value: '  sea glass ' } });
    fireEvent.submit(input().closest('form')!);
    await advance();
    expect(searches().map((r) => r.path)).toEqual(['/svc/search/blog_search/ann/sea%20glass']);
    expect(Object.fromEntries(searches()[0].query)).toEqual({
      limit: '10',
      sort: 'CREATED_DESC',
      post_type: 'ANY',
      post_role: 'ANY',
      filter_nsfw: 'false',
      next_offset: '0',
    });
    expect(results()).toEqual(['7']);
    expect((input() as HTMLInputElement).value).toBe('sea glass');
  });

  it('clears with the toggle once there is a term, and with the clear arrow: closed, with every default back', async () => {
    vi.useFakeTimers();
    renderForm();
    for (const clearWith of [toggle, () => screen.getByRole('button', { name: 'Clear search' })]) {
      await open();
      fireEvent.click(screen.getByRole('button', { name: 'Search filters' }));
      fireEvent.click(screen.getByRole('radio', { name: 'Top Posts' }));
      fireEvent.change(input(), { target: { value: 'tea' } });
      fireEvent.submit(input().closest('form')!);
      await advance();
      expect(results()).toEqual(['7']);

      fireEvent.click(clearWith());
      expect(screen.queryByRole('combobox')).toBeNull();
      expect(toggle().getAttribute('aria-pressed')).toBe('false');
      expect(results()).toEqual([]);
      expect(document.activeElement).toBe(toggle());
      // Open again: nothing typed, the default sort.
      await open();
      expect((input() as HTMLInputElement).value).toBe('');
      fireEvent.click(screen.getByRole('button', { name: 'Search filters' }));
      expect((screen.getByRole('radio', { name: 'Recent Posts' }) as HTMLInputElement).checked).toBe(true);
      fireEvent.click(toggle()); // open without a term: the toggle closes it
      expect(screen.queryByRole('combobox')).toBeNull();
    }
  });

  it('offers the sort, the post types and Original Posts, without Safe search by default', async () => {
    vi.useFakeTimers();
    const { searches } = renderForm();
    await open();
    fireEvent.change(input(), { target: { value: 'tea' } });
    fireEvent.submit(input().closest('form')!);
    await advance();
    fireEvent.click(screen.getByRole('button', { name: 'Search filters' }));
    const filters = screen.getByRole('group', { name: 'Search filters' });
    expect(within(filters).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Any',
      'Text',
      'Photo',
      'Quote',
      'Link',
      'Chat',
      'Audio',
      'Video',
    ]);
    expect(within(filters).queryByRole('switch', { name: 'Safe search' })).toBeNull();
    fireEvent.click(within(filters).getByRole('radio', { name: 'Top Posts' }));
    fireEvent.change(within(filters).getByRole('combobox', { name: 'Post type' }), { target: { value: 'photo' } });
    fireEvent.click(within(filters).getByRole('switch', { name: 'Original Posts' }));
    await advance();
    const last = searches().at(-1)!.query;
    expect([last.get('sort'), last.get('post_type'), last.get('post_role'), last.get('next_offset')]).toEqual([
      'POPULARITY_DESC',
      'PHOTO',
      'ORIGINAL',
      '0',
    ]);
    // Escape closes the popover, not what is around the form.
    const outside = vi.fn();
    document.addEventListener('keydown', outside);
    fireEvent.keyDown(within(filters).getByRole('radio', { name: 'Top Posts' }), { key: 'Escape' });
    document.removeEventListener('keydown', outside);
    expect(screen.queryByRole('group', { name: 'Search filters' })).toBeNull();
    expect(outside).not.toHaveBeenCalled();
  });
});

describe('BlogSearchForm typeahead', () => {
  const popular = ['Cats', 'cats', 'bobcat', 'dogs', ...Array.from({ length: 25 }, (_, i) => `cat${i}`)];
  const shownTags = () => screen.queryAllByRole('option').map((o) => o.textContent);

  it("shows 'Popular Tags:' with the tags containing the typed text, case-sensitively, at most 20", async () => {
    vi.useFakeTimers();
    renderForm(popular);
    await open();
    expect(screen.queryByRole('listbox')).toBeNull(); // nothing typed yet
    fireEvent.change(input(), { target: { value: 'cat' } });
    expect(screen.getByRole('listbox', { name: 'Popular Tags:' })).toBeTruthy();
    expect(shownTags()).toEqual(['#cats', '#bobcat', ...Array.from({ length: 18 }, (_, i) => `#cat${i}`)]);
    fireEvent.change(input(), { target: { value: 'Cat' } });
    expect(shownTags()).toEqual(['#Cats']);
    fireEvent.change(input(), { target: { value: 'zebra' } });
    expect(screen.queryByRole('listbox')).toBeNull(); // no matches, no popover
  });

  it('moves with the arrow keys and searches for the tag picked with Enter', async () => {
    vi.useFakeTimers();
    const { searches } = renderForm(popular);
    await open();
    fireEvent.change(input(), { target: { value: 'cat' } });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    const active = screen.getByRole('option', { selected: true });
    expect(active.textContent).toBe('#bobcat');
    expect(input().getAttribute('aria-activedescendant')).toBe(active.id);
    fireEvent.keyDown(input(), { key: 'Enter' });
    await advance();
    expect(searches().map((r) => r.path)).toEqual(['/svc/search/blog_search/ann/bobcat']);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((input() as HTMLInputElement).value).toBe('bobcat');
  });

  it('searches for a tag clicked', async () => {
    vi.useFakeTimers();
    const { searches } = renderForm(popular);
    await open();
    fireEvent.change(input(), { target: { value: 'dog' } });
    fireEvent.click(screen.getByRole('option', { name: '#dogs' }));
    await advance();
    expect(searches().map((r) => r.path)).toEqual(['/svc/search/blog_search/ann/dogs']);
  });

  it('hides on Escape until the next key, without closing what is around it', async () => {
    vi.useFakeTimers();
    renderForm(popular);
    await open();
    fireEvent.change(input(), { target: { value: 'cat' } });
    const outside = vi.fn();
    document.addEventListener('keydown', outside);
    fireEvent.keyDown(input(), { key: 'Escape' });
    document.removeEventListener('keydown', outside);
    expect(outside).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.change(input(), { target: { value: 'cats' } });
    expect(shownTags()).toEqual(['#cats']);
  });

  it('hides 100 ms after the input loses the focus', async () => {
    vi.useFakeTimers();
    renderForm(popular);
    await open();
    fireEvent.change(input(), { target: { value: 'dog' } });
    act(() => input().blur());
    await advance(TYPEAHEAD_HIDE_MS - 1);
    expect(shownTags()).toEqual(['#dogs']);
    await advance(1);
    expect(screen.queryByRole('listbox')).toBeNull();
    act(() => input().focus());
    expect(shownTags()).toEqual(['#dogs']);
  });
});
