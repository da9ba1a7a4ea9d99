import { describe, expect, it } from 'vitest';
import {
  pathSegment,
  rawSearch,
  siteSearchFromLocation,
  siteSearchPath,
  taggedFromLocation,
  taggedPath,
  taggedSortFromLocation,
} from './searchLocation';

describe('the search pages’ addresses', () => {
  it('reads the term from /search/{term}, else from q, trimmed, with the filters from the query', () => {
    expect(siteSearchFromLocation('sea%2Fglass', '?sort=recent&filter_post_type=photo&filter_nsfw=true&q=ignored')).toEqual({
      term: 'sea/glass',
      sort: 'recent',
      postType: 'photo',
      filterNsfw: true,
    });
    expect(siteSearchFromLocation(undefined, 'q=%20tea%20time%20')).toEqual({
      term: 'tea time',
      sort: 'top',
      postType: 'any',
      filterNsfw: false,
    });
  });

  it('takes top for any sort but recent (spec 000 §4), any for an unknown post type', () => {
    expect(siteSearchFromLocation('x', 'sort=CREATED_DESC').sort).toBe('recent');
    expect(siteSearchFromLocation('x', 'sort=POPULARITY_DESC').sort).toBe('top');
    expect(siteSearchFromLocation('x', 'sort=sideways').sort).toBe('top');
    expect(siteSearchFromLocation('x', 'filter_post_type=VIDEO').postType).toBe('video');
    expect(siteSearchFromLocation('x', 'filter_post_type=note').postType).toBe('any');
  });

  it('keeps a term that only looks like an escape', () => {
    expect(siteSearchFromLocation('100%', '').term).toBe('100%');
  });

  it('goes to /search/{term} with the filters, q left out', () => {
    const path = siteSearchPath({ term: ' a/b & c ', sort: 'recent', postType: 'quote', filterNsfw: true });
    expect(path).toBe('/search/a%2Fb%20%26%20c?sort=recent&filter_post_type=quote&filter_nsfw=true');
    const [pathname, query] = path.split('?');
    expect(siteSearchFromLocation(pathname.slice('/search/'.length), query)).toEqual({
      term: 'a/b & c',
      sort: 'recent',
      postType: 'quote',
      filterNsfw: true,
    });
    expect(siteSearchPath({ term: '', sort: 'top', postType: 'any', filterNsfw: false })).toBe(
      '/search?sort=top&filter_post_type=any&filter_nsfw=false',
    );
  });

  it('lists a tag newest first unless the address says top', () => {
    expect(taggedPath('blue sky')).toBe('/tagged/blue%20sky');
    expect(taggedPath('blue sky', 'top')).toBe('/tagged/blue%20sky?sort=top');
    expect(taggedSortFromLocation('sort=top')).toBe('top');
    expect(taggedSortFromLocation('')).toBe('recent');
  });

  it("keeps a tag page's filters in its address, leaving out the defaults", () => {
    expect(taggedPath('bread', { postType: 'quote', filterNsfw: true })).toBe('/tagged/bread?filter_post_type=quote&filter_nsfw=true');
    expect(taggedPath('bread', { sort: 'top', postType: 'any', filterNsfw: false })).toBe('/tagged/bread?sort=top');
    expect(taggedFromLocation('sort=top&filter_post_type=PHOTO&filter_nsfw=true')).toEqual({
      sort: 'top',
      postType: 'photo',
      filterNsfw: true,
    });
    expect(taggedFromLocation('filter_post_type=nonsense')).toEqual({ sort: 'recent', postType: 'any', filterNsfw: false });
  });
});

describe('a path segment, decoded once (the router decodes with decodeURI first)', () => {
  const routed = (raw: string) => decodeURI(raw);
  it.each([
    ['%41', '/search/%2541'],
    ['%20', '/search/%2520'],
    ['a/b?c#d&e', `/search/${encodeURIComponent('a/b?c#d&e')}`],
    ['🍎', `/tagged/${encodeURIComponent('🍎')}`],
    ['100%', `/blog/bob/tagged/${encodeURIComponent('100%')}`],
  ])('%s, from %s', (typed, pathname) => {
    const segment = routed(pathname.split('/').at(-1)!);
    expect(pathSegment(segment, pathname)).toBe(typed);
  });
});

describe('the query string, decoded once', () => {
  it('reads q=%25E2 as the term %E2, not as a broken character', () => {
    const raw = '?q=%25E2&sort=top';
    expect(siteSearchFromLocation(undefined, rawSearch(decodeURI(raw.slice(1)), raw)).term).toBe('%E2');
  });
  it("takes the router's string when the window is elsewhere (a test's memory address)", () => {
    expect(rawSearch('q=cats', '')).toBe('q=cats');
  });
});
