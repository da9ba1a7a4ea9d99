// The blog search model (spec 002 §3 Blog search model, §4 Blog search): what the search in
// the blog viewer asks for, and whether it is open. The spec's paging and results (next_offset,
// posts) are the results' (useBlogSearchResults), read under blogSearchRequest(model): every
// change of that request (term, sort, post_type, post_role) starts them over from next_offset
// 0 with no posts, as §4 asks.
import { produce } from 'immer';
import { SEARCH_PAGE_SIZE } from '../../api/limits';
import type { BlogSearchFilters, BlogSearchPostType, BlogSearchSort, PostRole } from '../../api/searchEndpoints';

/** Spec 002 §9: the page size (the server's, generated). */
export const BLOG_SEARCH_LIMIT = SEARCH_PAGE_SIZE;

export interface BlogSearchModel {
  /** The blog searched. */
  blogname: string;
  /** The search form is open (spec 002 §4: search is active or inactive). */
  active: boolean;
  /** The submitted term; '' before a search. */
  term: string;
  /** What is typed, not yet submitted. */
  unsetTerm: string;
  limit: number;
  sort: BlogSearchSort;
  post_type: BlogSearchPostType;
  post_role: PostRole;
  /** 'Safe search'. */
  filter_nsfw: boolean;
  showOriginalPostsSwitch: boolean;
  showNsfwSwitch: boolean;
}

export type BlogSearchAction =
  | { type: 'opened' }
  | { type: 'typed'; text: string }
  /** A term submitted (Enter, or a tag chosen): trimmed; an empty one does not search. */
  | { type: 'searched'; term: string }
  | { type: 'sortChanged'; sort: BlogSearchSort }
  | { type: 'postTypeChanged'; postType: BlogSearchPostType }
  | { type: 'postRoleChanged'; postRole: PostRole }
  | { type: 'nsfwFilterChanged'; filterNsfw: boolean }
  /** Closes the search and returns every default (spec 002 §4: clearing, a full reset). */
  | { type: 'cleared' };

/** The defaults of spec 002 §3, for `blogname`: closed, no term. */
export function initialBlogSearchModel(blogname: string): BlogSearchModel {
  return {
    blogname,
    active: false,
    term: '',
    unsetTerm: '',
    limit: BLOG_SEARCH_LIMIT,
    sort: 'CREATED_DESC',
    post_type: 'ANY',
    post_role: 'ANY',
    filter_nsfw: false,
    showOriginalPostsSwitch: true,
    showNsfwSwitch: false,
  };
}

export function blogSearchReducer(state: BlogSearchModel, action: BlogSearchAction): BlogSearchModel {
  if (action.type === 'cleared') return initialBlogSearchModel(state.blogname);
  return produce(state, (draft) => {
    switch (action.type) {
      case 'opened':
        draft.active = true;
        break;
      case 'typed':
        draft.unsetTerm = action.text;
        break;
      case 'searched': {
        const term = action.term.trim();
        if (term === '') break;
        draft.active = true;
        draft.term = term;
        draft.unsetTerm = term;
        break;
      }
      case 'sortChanged':
        draft.sort = action.sort;
        break;
      case 'postTypeChanged':
        draft.post_type = action.postType;
        break;
      case 'postRoleChanged':
        draft.post_role = action.postRole;
        break;
      case 'nsfwFilterChanged':
        draft.filter_nsfw = action.filterNsfw;
        break;
    }
  });
}

/** What the model asks the server for: its term and filters; none before a term is submitted. */
export interface BlogSearchRequest {
  blogname: string;
  term: string;
  filters: BlogSearchFilters;
}

/**
 * The request of the model's search, or null without a term. Its results start over whenever
 * it changes. Safe search changes it too: results read with and without it are different
 * lists, and paging on from one into the other would skip and repeat posts.
 */
export function blogSearchRequest(model: BlogSearchModel): BlogSearchRequest | null {
  if (model.term === '') return null;
  return {
    blogname: model.blogname,
    term: model.term,
    filters: {
      limit: model.limit,
      sort: model.sort,
      postType: model.post_type,
      postRole: model.post_role,
      filterNsfw: model.filter_nsfw,
    },
  };
}
