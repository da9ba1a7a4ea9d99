// One page's list of posts (dashboard, a blog, its drafts, queue or processing): the first
// page, further pages as the reader scrolls, and the posts a save adds, changes or moves away
// (spec 001 §4 After save).
import { produce } from 'immer';
import type { Post } from '../../api/postModels';
import { POST_PAGE_SIZE } from '../../api/postEndpoints';

export interface PostListState {
  posts: Post[];
  /** The first page: loading, shown, or failed (then `error` says why). */
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  loadingMore: boolean;
  /** Why the last further page failed; the list offers to try again. */
  moreError: string | null;
  /** False once a page came back short: nothing further down. */
  hasMore: boolean;
}

export type PostListAction =
  | { type: 'firstPageRequested' }
  | { type: 'firstPageLoaded'; posts: Post[] }
  | { type: 'firstPageFailed'; error: string }
  | { type: 'moreRequested' }
  | { type: 'moreLoaded'; posts: Post[] }
  | { type: 'moreFailed'; error: string }
  /** Posts newer than the list's: at the top of a newest-first page, the bottom of the others. */
  | { type: 'newerLoaded'; posts: Post[]; at: 'top' | 'bottom' }
  /** A post saved while the list is shown; `belongs` says whether this page lists it. */
  | { type: 'postSaved'; post: Post; belongs: boolean }
  /** Deleted, or no longer published: off every page that shows it. */
  | { type: 'postRemoved'; id: number }
  /** Note counts asked for while the socket was down, by post id. */
  | { type: 'noteCountsPolled'; counts: Map<number, number> };

export const initialPostListState: PostListState = {
  posts: [],
  status: 'loading',
  error: null,
  loadingMore: false,
  moreError: null,
  hasMore: false,
};

/** The posts of `incoming` not shown yet: an answer may overlap what a save already brought. */
function unseen(shown: Post[], incoming: Post[]): Post[] {
  const ids = new Set(shown.map((p) => p.id));
  return incoming.filter((p) => !ids.has(p.id));
}

export function postListReducer(state: PostListState, action: PostListAction): PostListState {
  return produce(state, (draft) => {
    switch (action.type) {
      case 'firstPageRequested':
        return { ...initialPostListState };
      case 'noteCountsPolled':
        for (const post of draft.posts) {
          const count = action.counts.get(post.id);
          if (count !== undefined) post.noteCount = count;
        }
        break;
      case 'firstPageLoaded':
        draft.posts = action.posts;
        draft.status = 'ready';
        draft.error = null;
        draft.hasMore = action.posts.length >= POST_PAGE_SIZE;
        break;
      case 'firstPageFailed':
        draft.status = 'error';
        draft.error = action.error;
        break;
      case 'moreRequested':
        draft.loadingMore = true;
        draft.moreError = null;
        break;
      case 'moreLoaded':
        draft.posts.push(...unseen(state.posts, action.posts));
        draft.loadingMore = false;
        draft.hasMore = action.posts.length >= POST_PAGE_SIZE;
        break;
      case 'moreFailed':
        draft.loadingMore = false;
        draft.moreError = action.error;
        break;
      case 'newerLoaded': {
        const fresh = unseen(state.posts, action.posts);
        if (action.at === 'top') draft.posts.unshift(...fresh);
        else draft.posts.push(...fresh);
        break;
      }
      case 'postSaved': {
        const i = state.posts.findIndex((p) => p.id === action.post.id);
        if (i === -1) break;
        // An edit: in place while it still belongs here, gone when it moved to another page.
        if (action.belongs) draft.posts[i] = action.post;
        else draft.posts.splice(i, 1);
        break;
      }
      case 'postRemoved': {
        const i = state.posts.findIndex((p) => p.id === action.id);
        if (i !== -1) draft.posts.splice(i, 1);
        break;
      }
    }
  });
}
