// The search pages' addresses. The header's search is a GET form to /search with the fields
// q, filter_nsfw, sort (default top) and filter_post_type (default any); when the filters
// change, the page goes to /search/{term} with q left out (spec 000 §2.12). /tagged/{tag}
// lists the posts with a tag, newest first or top first.
import type { SiteSearchPostType, SiteSearchSort, TaggedSort } from '../../api/searchEndpoints';

/** What a search across blogs asks for, as its address says. */
export interface SiteSearchParams {
  /** Trimmed; '' searches nothing (spec 002 §5). */
  term: string;
  sort: SiteSearchSort;
  postType: SiteSearchPostType;
  /** 'Safe search'. */
  filterNsfw: boolean;
}

export const SITE_SEARCH_POST_TYPES: readonly SiteSearchPostType[] = [
  'any',
  'text',
  'photo',
  'quote',
  'link',
  'chat',
  'audio',
  'video',
];

/** The search form's fields before anything was chosen. Safe search is off, as in a blog's search. */
export const SITE_SEARCH_DEFAULTS: Omit<SiteSearchParams, 'term'> = { sort: 'top', postType: 'any', filterNsfw: false };

/** Spec 000 §4: 'recent' (or CREATED_DESC, the blog search's name for it) is recent; anything else top. */
function sortOf(value: string | null): SiteSearchSort {
  return value === 'recent' || value === 'CREATED_DESC' ? 'recent' : 'top';
}

function postTypeOf(value: string | null): SiteSearchPostType {
  const type = (value ?? '').toLowerCase();
  return SITE_SEARCH_POST_TYPES.find((t) => t === type) ?? 'any';
}

const decoded = (text: string, decode: (s: string) => string) => {
  try {
    return decode(text);
  } catch {
    return text;
  }
};

/**
 * A path segment as the router hands it over, decoded once. The router decodes the path with
 * decodeURI, which leaves the escapes of / ? # & and the like as they are, so the segment is
 * decoded from the address itself: the raw segment the router's one came from. A term that
 * reads like an escape ("%41", sent as %2541) stays as typed. An address the router does not
 * read from the window (a test's) decodes the router's segment instead.
 */
export function pathSegment(segment: string, pathname = window.location.pathname): string {
  const raw = pathname.split('/').find((part) => decoded(part, decodeURI) === segment);
  return decoded(raw ?? segment, decodeURIComponent);
}

/**
 * The query string as the address has it. The router hands it over decoded with decodeURI,
 * and URLSearchParams decodes it again, so `q=%25E2` (a term "%E2") would read as "\uFFFD":
 * the window's own string is used when it is the one the router read.
 */
export function rawSearch(routed: string, search = window.location.search): string {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  return decoded(raw, decodeURI) === routed ? raw : routed;
}

/**
 * The search an address asks for: the term from /search/{term}, or else from q; the filters
 * from the query string. `search` is the query string, with or without its '?'.
 */
export function siteSearchFromLocation(pathTerm: string | undefined, search: string): SiteSearchParams {
  const query = new URLSearchParams(search);
  const term = pathTerm !== undefined ? pathSegment(pathTerm) : (query.get('q') ?? '');
  return {
    term: term.trim(),
    sort: sortOf(query.get('sort')),
    postType: postTypeOf(query.get('filter_post_type')),
    filterNsfw: query.get('filter_nsfw') === 'true',
  };
}

/**
 * /search/{term}?sort=…&filter_post_type=…&filter_nsfw=…: the page of a search, q left out.
 * Without a term, the search page with the filters alone.
 */
export function siteSearchPath(params: SiteSearchParams): string {
  const query = new URLSearchParams({
    sort: params.sort,
    filter_post_type: params.postType,
    filter_nsfw: String(params.filterNsfw),
  });
  const term = params.term.trim();
  return term === '' ? `/search?${query}` : `/search/${encodeURIComponent(term)}?${query}`;
}

/** What /tagged/{tag} lists: its order (newest first by default) and the search's filters. */
export type TaggedParams = Omit<SiteSearchParams, 'term'>;

/** A tag's page before anything was chosen: newest first, any type, safe search off. */
export const TAGGED_DEFAULTS: TaggedParams = { sort: 'recent', postType: 'any', filterNsfw: false };

/** The order /tagged/{tag} lists in: newest first unless its address says top. */
export function taggedSortFromLocation(search: string): TaggedSort {
  return new URLSearchParams(search).get('sort') === 'top' ? 'top' : 'recent';
}

/** What a tag's page lists, as its address says (the search's query fields). */
export function taggedFromLocation(search: string): TaggedParams {
  const query = new URLSearchParams(search);
  return {
    sort: taggedSortFromLocation(search),
    postType: postTypeOf(query.get('filter_post_type')),
    filterNsfw: query.get('filter_nsfw') === 'true',
  };
}

/**
 * /tagged/{tag}, with ?sort=top when not newest first, and the filters (filter_post_type,
 * filter_nsfw) that are not the defaults. A sort alone may be given, as before.
 */
export function taggedPath(tag: string, params: TaggedSort | Partial<TaggedParams> = {}): string {
  const chosen = { ...TAGGED_DEFAULTS, ...(typeof params === 'string' ? { sort: params } : params) };
  const query = new URLSearchParams();
  if (chosen.sort === 'top') query.set('sort', 'top');
  if (chosen.postType !== 'any') query.set('filter_post_type', chosen.postType);
  if (chosen.filterNsfw) query.set('filter_nsfw', 'true');
  const path = `/tagged/${encodeURIComponent(tag)}`;
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}
