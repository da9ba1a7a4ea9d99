// The search calls (spec 002 §7 Search; the site search of spec 000 §2.12), one function each,
// returning client models. Each answers a page of posts and the offset the next page starts
// at: negative once there are no more.
import type { ApiClient } from './client';
import { postFromWire, type Post } from './postModels';
import type { BlogSearchQuery } from './types/BlogSearchQuery';
import type { BlogSearchResults } from './types/BlogSearchResults';
import type { BlogSearchSort } from './types/BlogSearchSort';
import type { BlogSearchTypeahead } from './types/BlogSearchTypeahead';
import type { Post as WirePost } from './types/Post';
import type { PostRole } from './types/PostRole';
import type { SiteSearchQuery } from './types/SiteSearchQuery';
import type { SiteSearchResults } from './types/SiteSearchResults';
import type { SiteSearchSort } from './types/SiteSearchSort';
import type { TaggedQuery } from './types/TaggedQuery';
import type { TaggedResults } from './types/TaggedResults';

/** Spec 002 §9: the blog search's post_type choices. */
export type BlogSearchPostType = 'ANY' | 'TEXT' | 'PHOTO' | 'QUOTE' | 'LINK' | 'CHAT' | 'AUDIO' | 'VIDEO';

/** The site search's post types, as its GET form spells them (spec 000 §2.12). */
export type SiteSearchPostType = 'any' | 'text' | 'photo' | 'quote' | 'link' | 'chat' | 'audio' | 'video';

/** The order of the posts with a tag: newest first (the default) or top first. */
export type TaggedSort = SiteSearchSort;

export type { BlogSearchSort, PostRole, SiteSearchSort };

/** One page of results: its posts, and where the next page starts (negative: no more). */
export interface SearchPage {
  posts: Post[];
  nextOffset: number;
}

/** A page with nothing after it: what an empty term finds, without asking (spec 002 §5). */
const NOTHING: SearchPage = { posts: [], nextOffset: -1 };

function pageFromWire(answer: { posts: WirePost[]; next_offset: number }): SearchPage {
  return { posts: answer.posts.map(postFromWire), nextOffset: answer.next_offset };
}

/** What a blog search asks for, besides the blog and the term (spec 002 §3). */
export interface BlogSearchFilters {
  limit: number;
  sort: BlogSearchSort;
  postType: BlogSearchPostType;
  postRole: PostRole;
  /** 'Safe search'. */
  filterNsfw: boolean;
}

/**
 * GET /svc/search/blog_search/{blogname}/{term}: `blogname`'s posts that match `term`, from
 * `nextOffset`. The term is trimmed; an empty one is not sent (spec 002 §5).
 * Never from the HTTP cache: a post written since matches too.
 */
export function fetchBlogSearch(
  api: ApiClient,
  blogname: string,
  term: string,
  filters: BlogSearchFilters,
  nextOffset = 0,
): Promise<SearchPage> {
  const trimmed = term.trim();
  if (trimmed === '') return Promise.resolve(NOTHING);
  const path = `/svc/search/blog_search/${encodeURIComponent(blogname)}/${encodeURIComponent(trimmed)}`;
  return api
    .get<BlogSearchResults, BlogSearchQuery>(
      path,
      {
        next_offset: nextOffset,
        limit: filters.limit,
        sort: filters.sort,
        post_type: filters.postType,
        post_role: filters.postRole,
        filter_nsfw: String(filters.filterNsfw),
      },
      { noCache: true },
    )
    .then(pageFromWire);
}

/** GET /svc/search/blog_search_typeahead/{blogname}: the blog's most used tags, most used first. */
export function fetchBlogSearchTypeahead(api: ApiClient, blogname: string): Promise<string[]> {
  return api
    .get<BlogSearchTypeahead>(`/svc/search/blog_search_typeahead/${encodeURIComponent(blogname)}`)
    .then((answer) => answer.tags.map((t) => t.tag));
}

/** What a search across blogs asks for, besides the term (the search form's fields). */
export interface SiteSearchFilters {
  sort: SiteSearchSort;
  postType: SiteSearchPostType;
  /** 'Safe search'. */
  filterNsfw: boolean;
}

/** GET /svc/search/posts: every blog's posts that match `term` (visitors too), from `nextOffset`. */
export function fetchSiteSearch(
  api: ApiClient,
  term: string,
  filters: SiteSearchFilters,
  nextOffset = 0,
): Promise<SearchPage> {
  const trimmed = term.trim();
  if (trimmed === '') return Promise.resolve(NOTHING);
  return api
    .get<SiteSearchResults, SiteSearchQuery>(
      '/svc/search/posts',
      {
        q: trimmed,
        sort: filters.sort,
        filter_post_type: filters.postType,
        filter_nsfw: String(filters.filterNsfw),
        next_offset: nextOffset,
      },
      { noCache: true },
    )
    .then(pageFromWire);
}

/** What a tag's page asks for: its order, and the search's filters (docs/api.md /svc/search/tagged). */
export type TaggedFilters = SiteSearchFilters;

/**
 * GET /svc/search/tagged/{tag}: every blog's posts with `tag` (visitors too), from
 * `nextOffset`, in the order and through the filters asked for.
 */
export function fetchTagged(api: ApiClient, tag: string, filters: TaggedFilters, nextOffset = 0): Promise<SearchPage> {
  return api
    .get<TaggedResults, TaggedQuery>(
      `/svc/search/tagged/${encodeURIComponent(tag)}`,
      {
        sort: filters.sort,
        filter_post_type: filters.postType,
        filter_nsfw: String(filters.filterNsfw),
        next_offset: nextOffset,
      },
      { noCache: true },
    )
    .then(pageFromWire);
}
