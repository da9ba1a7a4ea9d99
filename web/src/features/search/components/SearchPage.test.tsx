import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Switch } from 'wouter';
import type { User } from '../../../api/models';
import { fakeApi, type FakeRequest, type FakeRoute } from '../../../test/fakeApi';
import { user } from '../../../test/fixtures';
import { wirePost } from '../../../test/postFixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { pathSegment } from '../searchLocation';
import { HeaderSearch } from './HeaderSearch';
import { SearchPage } from './SearchPage';
import { TaggedPage } from './TaggedPage';

/** The header's search box over the search routes, as the app has them. */
function SearchRoutes() {
  return (
    <>
      <HeaderSearch />
      <Switch>
        <Route path="/search">
          <SearchPage />
        </Route>
        <Route path="/search/:term">{(params) => <SearchPage pathTerm={params.term} />}</Route>
        <Route path="/tagged/:tag">{(params) => <TaggedPage key={params.tag} tag={pathSegment(params.tag)} />}</Route>
      </Switch>
    </>
  );
}

/** Posts ids `from` down, `count` of them. */
const posts = (count: number, from: number) => Array.from({ length: count }, (_, i) => wirePost(from - i, { tumblelog: 'ann' }));

/** A search route answering `all` ten at a time from next_offset. */
const paged = (all: ReturnType<typeof posts>, extra: Record<string, string> = {}): FakeRoute => (req: FakeRequest) => {
  const offset = Number(req.query.get('next_offset'));
  const next = offset + 10 < all.length ? offset + 10 : -1;
  return { response: { posts: all.slice(offset, offset + 10), next_offset: next, limit: 10, ...extra } };
};

function renderAt(path: string, routes: Record<string, FakeRoute>, who: User | null = user()) {
  const api = fakeApi(routes);
  const rendered = renderWithProviders(<SearchRoutes />, { client: api.client, user: who, path });
  const asked = (prefix: string) => api.requests.filter((r) => r.path.startsWith(prefix));
  return { ...api, ...rendered, asked };
}

const feedIds = (name: string) =>
  within(screen.getByRole('feed', { name })).getAllByRole('article').map((a) => Number(a.getAttribute('data-post-id')));

describe('SearchPage', () => {
  it('searches for the term of /search/{term} with the filters of its query, a page at a time', async () => {
    const { asked } = renderAt('/search/sea%20glass?sort=recent&filter_post_type=photo&filter_nsfw=true', {
      'GET /svc/search/posts': paged(posts(12, 40), { term: 'sea glass' }),
    });
    expect(screen.getByRole('heading', { name: 'Search results for sea glass' })).toBeTruthy();
    // jsdom lays nothing out, so the list is always "near its end": the next page follows.
    await waitFor(() => expect(feedIds('Search results for sea glass')).toEqual(posts(12, 40).map((p) => p.id)));
    expect(asked('/svc/search/posts').map((r) => Object.fromEntries(r.query))).toEqual([
      { q: 'sea glass', sort: 'recent', filter_post_type: 'photo', filter_nsfw: 'true', next_offset: '0' },
      { q: 'sea glass', sort: 'recent', filter_post_type: 'photo', filter_nsfw: 'true', next_offset: '10' },
    ]);
    expect((screen.getByRole('radio', { name: 'Recent Posts' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Safe search' }) as HTMLInputElement).checked).toBe(true);
    // The tag's page keeps the type and safe search (in its own order, newest first).
    expect(screen.getByRole('link', { name: 'Posts tagged #sea glass' }).getAttribute('href')).toBe(
      '/tagged/sea%20glass?filter_post_type=photo&filter_nsfw=true',
    );
  });

  it('offers the tag a #term names, without its #', async () => {
    renderAt('/search/%23travel', { 'GET /svc/search/posts': paged([]) }, null);
    expect((await screen.findByRole('link', { name: 'Posts tagged #travel' })).getAttribute('href')).toBe('/tagged/travel');
  });

  it('reads the term from q on /search, for a visitor too, with the default filters', async () => {
    const { asked } = renderAt('/search?q=%20tea%20', { 'GET /svc/search/posts': paged(posts(2, 5)) }, null);
    await waitFor(() => expect(feedIds('Search results for tea')).toEqual([5, 4]));
    expect(Object.fromEntries(asked('/svc/search/posts')[0].query)).toEqual({
      q: 'tea',
      sort: 'top',
      filter_post_type: 'any',
      filter_nsfw: 'false',
      next_offset: '0',
    });
  });

  it('goes to /search/{term} with the new filters, q left out, when a filter changes', async () => {
    const { asked, location } = renderAt('/search?q=tea&sort=top&filter_post_type=any&filter_nsfw=false', {
      'GET /svc/search/posts': paged(posts(2, 5)),
    });
    await waitFor(() => expect(feedIds('Search results for tea')).toEqual([5, 4]));
    fireEvent.click(screen.getByRole('radio', { name: 'Recent Posts' }));
    expect(location.history!.at(-1)).toBe('/search/tea?sort=recent&filter_post_type=any&filter_nsfw=false');
    fireEvent.change(screen.getByRole('combobox', { name: 'Post type' }), { target: { value: 'quote' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Safe search' }));
    expect(location.history!.at(-1)).toBe('/search/tea?sort=recent&filter_post_type=quote&filter_nsfw=true');
    await waitFor(() => expect(asked('/svc/search/posts').at(-1)!.query.get('filter_post_type')).toBe('quote'));
    expect(asked('/svc/search/posts').at(-1)!.query.get('filter_nsfw')).toBe('true');
  });

  it("says 'Nothing here about {term}.' when nothing matches, and asks nothing without a term", async () => {
    renderAt('/search/zebras', { 'GET /svc/search/posts': paged([]) });
    expect(await screen.findByText('Nothing here about zebras.')).toBeTruthy();
    cleanup();
    const { asked } = renderAt('/search?q=%20%20', { 'GET /svc/search/posts': paged([]) });
    expect(screen.getByRole('heading', { name: 'Search' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(asked('/svc/search/posts')).toHaveLength(0);
  });

  it("shows a failure without the server's words, with a way to try again", async () => {
    let fail = true;
    renderAt('/search/tea', {
      'GET /svc/search/posts': (req) =>
        fail ? { status: 500, errors: [{ code: 'internal', detail: 'The database fell over.' }] } : paged(posts(1, 9))(req),
    });
    const error = await screen.findByRole('alert');
    expect(error.textContent).toContain("Search isn't working right now.");
    expect(document.body.textContent).not.toContain('The database fell over.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(feedIds('Search results for tea')).toEqual([9]));
  });
});

describe('HeaderSearch', () => {
  it('is a GET form to /search with q and the default filters, and goes to /search/{term}', async () => {
    const { location, asked } = renderAt('/dashboard', { 'GET /svc/search/posts': paged(posts(1, 3)) }, null);
    const form = screen.getByRole('search', { name: 'Search posts' }) as HTMLFormElement;
    expect([form.getAttribute('action'), form.getAttribute('method')]).toEqual(['/search', 'get']);
    expect(Object.fromEntries(new FormData(form))).toEqual({ q: '', filter_nsfw: 'false', sort: 'top', filter_post_type: 'any' });

    const box = screen.getByRole('searchbox', { name: 'Search posts' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(form);
    expect(location.history).toEqual(['/dashboard']); // an empty term does not search

    fireEvent.change(box, { target: { value: ' tea time ' } });
    fireEvent.submit(form);
    expect(location.history!.at(-1)).toBe('/search/tea%20time?sort=top&filter_post_type=any&filter_nsfw=false');
    await waitFor(() => expect(feedIds('Search results for tea time')).toEqual([3]));
    expect(asked('/svc/search/posts')[0].query.get('q')).toBe('tea time');
  });

  it("keeps the current search's term and filters", async () => {
    const { location } = renderAt('/search/tea?sort=recent&filter_post_type=photo&filter_nsfw=true', {
      'GET /svc/search/posts': paged([]),
    });
    const form = screen.getByRole('search', { name: 'Search posts' }) as HTMLFormElement;
    expect(Object.fromEntries(new FormData(form))).toEqual({ q: 'tea', filter_nsfw: 'true', sort: 'recent', filter_post_type: 'photo' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search posts' }), { target: { value: 'coffee' } });
    fireEvent.submit(form);
    expect(location.history!.at(-1)).toBe('/search/coffee?sort=recent&filter_post_type=photo&filter_nsfw=true');
  });
});

describe('TaggedPage', () => {
  it('lists the posts with a tag across blogs, newest first, or top first when chosen', async () => {
    const { asked, location } = renderAt('/tagged/blue%20sky', {
      'GET /svc/search/tagged/*': paged(posts(3, 30), { tag: 'blue sky' }),
    });
    expect(screen.getByRole('heading', { name: '#blue sky' })).toBeTruthy();
    await waitFor(() => expect(feedIds('Posts tagged #blue sky')).toEqual([30, 29, 28]));
    const first = asked('/svc/search/tagged/')[0];
    expect([first.path, first.query.get('sort'), first.query.get('next_offset')]).toEqual(['/svc/search/tagged/blue%20sky', 'recent', '0']);
    fireEvent.click(screen.getByRole('radio', { name: 'Top Posts' }));
    expect(location.history!.at(-1)).toBe('/tagged/blue%20sky?sort=top');
    await waitFor(() => expect(asked('/svc/search/tagged/').at(-1)!.query.get('sort')).toBe('top'));
  });

  it('filters by post type and with safe search, as its address says, and offers both', async () => {
    const { asked, location } = renderAt('/tagged/bread?sort=top&filter_post_type=quote&filter_nsfw=true', {
      'GET /svc/search/tagged/*': paged(posts(2, 30), { tag: 'bread' }),
    });
    await waitFor(() => expect(feedIds('Posts tagged #bread')).toEqual([30, 29]));
    expect(Object.fromEntries(asked('/svc/search/tagged/')[0].query)).toEqual({
      sort: 'top',
      filter_post_type: 'quote',
      filter_nsfw: 'true',
      next_offset: '0',
    });
    const type = screen.getByRole('combobox', { name: 'Post type' }) as HTMLSelectElement;
    const safe = screen.getByRole('switch', { name: 'Safe search' }) as HTMLInputElement;
    expect([type.value, safe.checked]).toEqual(['quote', true]);

    fireEvent.change(type, { target: { value: 'photo' } });
    expect(location.history!.at(-1)).toBe('/tagged/bread?sort=top&filter_post_type=photo&filter_nsfw=true');
    await waitFor(() => expect(asked('/svc/search/tagged/').at(-1)!.query.get('filter_post_type')).toBe('photo'));
    fireEvent.click(screen.getByRole('switch', { name: 'Safe search' }));
    expect(location.history!.at(-1)).toBe('/tagged/bread?sort=top&filter_post_type=photo');
    await waitFor(() => expect(asked('/svc/search/tagged/').at(-1)!.query.get('filter_nsfw')).toBe('false'));
  });

  it('asks for every type without safe search by default', async () => {
    const { asked } = renderAt('/tagged/bread', { 'GET /svc/search/tagged/*': paged(posts(1, 30), { tag: 'bread' }) }, null);
    await waitFor(() => expect(feedIds('Posts tagged #bread')).toEqual([30]));
    expect(Object.fromEntries(asked('/svc/search/tagged/')[0].query)).toEqual({
      sort: 'recent',
      filter_post_type: 'any',
      filter_nsfw: 'false',
      next_offset: '0',
    });
  });
});
