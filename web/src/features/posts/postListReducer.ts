// What happened to one page's list of posts since its pages were read (dashboard, a blog, its
// drafts, queue or processing): posts put in above or below them, posts saved or changed in
// place, posts gone (spec 001 §4 After save), the posts of blogs the user blocked since (spec
// 002 §6), new note counts, and new posts waiting behind
// "N new posts". The pages themselves are the query cache's; `shownPosts` puts the two
// together into the list the page shows.
import { produce } from 'immer';
import type { Post } from '../../api/postModels';

export interface PostListState {
  /** Newer posts put in at the top (newest-first pages), newest first. */
  above: Post[];
  /** Newer posts put in at the bottom (oldest-first pages), oldest first. */
  below: Post[];
  /** Posts changed since they were read (an edit saved here, or announced), by id. */
  changed: Record<number, Post>;
  /** Posts deleted, or no longer on this page. */
  removed: number[];
  /** Blogs the user blocked while the page was open: their posts are off it, later pages' too. */
  blocked: string[];
  /** Note counts asked for while the socket was down, by post id. */
  noteCounts: Record<number, number>;
  /**
   * New posts that went out on the page's blogs, not shown until the reader asks: each with
   * its blog, so that a block takes it off "N new posts" as it takes the blog's posts off.
   */
  pending: PendingPost[];
  /**
   * How many times the page asked to look over HTTP for posts its channels may not have
   * told it about (a fresh subscription hears only what comes after it; a poll while the
   * socket is down). Each ask is one look: asks in one render share it.
   */
  looks: number;
}

/** A new post waiting behind "N new posts". */
export interface PendingPost {
  id: number;
  blog: string;
}

export type PostListAction =
  /** Posts newer than the list's: at the top of a newest-first page, the bottom of the others. */
  | { type: 'newerLoaded'; posts: Post[]; at: 'top' | 'bottom' }
  /**
   * The newer posts were put in: of the ones waiting when they were asked for, those shown
   * now wait no longer, and those not among them left the page meanwhile (their blog was
   * unfollowed, they were deleted or made private) and stop counting. One announced while
   * the answer was on its way stays.
   */
  | { type: 'pendingAnswered'; asked: number[] }
  /** A post saved while the list is shown; `belongs` says whether this page lists it. */
  | { type: 'postSaved'; post: Post; belongs: boolean }
  /** Deleted, or no longer published: off every page that shows it. */
  | { type: 'postRemoved'; id: number }
  /** The user blocked the blog `name`: its posts leave the page, and "N new posts". */
  | { type: 'blogBlocked'; name: string }
  /** The user unblocked the blog `name`: its posts read show again, its new ones count. */
  | { type: 'blogUnblocked'; name: string }
  /** Note counts asked for while the socket was down, by post id. */
  | { type: 'noteCountsPolled'; counts: Map<number, number> }
  /**
   * New posts went out that the list does not show: they wait for the reader, but for those
   * of a blog blocked.
   */
  | { type: 'postsAnnounced'; posts: PendingPost[] }
  /** Look over HTTP for posts newer than the first one shown. */
  | { type: 'lookRequested' };

export const initialPostListState: PostListState = {
  above: [],
  below: [],
  changed: {},
  removed: [],
  blocked: [],
  noteCounts: {},
  pending: [],
  looks: 0,
};

export function postListReducer(state: PostListState, action: PostListAction): PostListState {
  return produce(state, (draft) => {
    switch (action.type) {
      case 'newerLoaded': {
        const ids = new Set(action.posts.map((p) => p.id));
        if (action.at === 'top') draft.above.unshift(...action.posts);
        else draft.below.push(...action.posts);
        // A post shown again (made public again) is no longer gone, and shows as it was read
        // now, not as an edit seen before it went.
        draft.removed = draft.removed.filter((id) => !ids.has(id));
        for (const id of ids) delete draft.changed[id];
        draft.pending = draft.pending.filter((p) => !ids.has(p.id));
        break;
      }
      case 'pendingAnswered':
        draft.pending = draft.pending.filter((p) => !action.asked.includes(p.id));
        break;
      case 'postSaved':
        // An edit: in place while it still belongs here, gone when it moved to another page.
        if (action.belongs) {
          draft.changed[action.post.id] = action.post;
          delete draft.noteCounts[action.post.id];
        } else {
          draft.removed.push(action.post.id);
          draft.pending = draft.pending.filter((p) => p.id !== action.post.id);
        }
        break;
      case 'postRemoved':
        draft.removed.push(action.id);
        draft.pending = draft.pending.filter((p) => p.id !== action.id);
        break;
      case 'blogBlocked':
        if (!draft.blocked.includes(action.name)) draft.blocked.push(action.name);
        // Its waiting posts too: the banner would count posts that never show.
        draft.pending = draft.pending.filter((p) => p.blog !== action.name);
        break;
      case 'blogUnblocked':
        draft.blocked = draft.blocked.filter((name) => name !== action.name);
        break;
      case 'noteCountsPolled':
        for (const [id, count] of action.counts) draft.noteCounts[id] = count;
        break;
      case 'postsAnnounced':
        for (const { id, blog } of action.posts) {
          if (draft.blocked.includes(blog) || draft.removed.includes(id)) continue;
          if (!draft.pending.some((p) => p.id === id)) draft.pending.push({ id, blog });
        }
        break;
      case 'lookRequested':
        draft.looks += 1;
        break;
    }
  });
}

/**
 * The list a page shows: the posts put in above, the pages as read, the posts put in below,
 * each post once (the first place wins: a page read later may hold a post put in above),
 * without the ones gone or of a blog blocked, with their changes and latest note counts.
 */
export function shownPosts(pages: readonly Post[][], state: PostListState): Post[] {
  const seen = new Set<number>(state.removed);
  const shown: Post[] = [];
  for (const post of [...state.above, ...pages.flat(), ...state.below]) {
    if (seen.has(post.id) || state.blocked.includes(post.blogName)) continue;
    seen.add(post.id);
    const current = state.changed[post.id] ?? post;
    const noteCount = state.noteCounts[post.id];
    shown.push(noteCount === undefined || noteCount === current.noteCount ? current : { ...current, noteCount });
  }
  return shown;
}
