// Where a like was made, as the like call's `source` says it (spec 002 §9 Like source labels,
// by page). The blog viewer drawer's pages (peepr, search peepr) and tv do not exist yet.

export type LikeSource =
  | 'dashboard'
  | 'tag page'
  | 'likes'
  | 'inbox'
  | 'search results'
  | 'discover'
  | 'tv'
  | 'peepr'
  | 'search peepr'
  | 'unknown';

/** The label of the page at `path`. */
export function likeSource(path: string): LikeSource {
  if (path === '/' || path === '/dashboard') return 'dashboard';
  if (path === '/likes') return 'likes';
  if (path === '/explore') return 'discover';
  if (/^\/search(\/|$)/.test(path)) return 'search results';
  if (/^(\/blog\/[^/]+)?\/tagged\//.test(path)) return 'tag page';
  if (/^\/blog\/[^/]+\/inbox$/.test(path)) return 'inbox';
  return 'unknown';
}
