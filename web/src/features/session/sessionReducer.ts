import { produce } from 'immer';
import type { UnreadCounts, User } from '../../api/models';

export interface SessionState {
  status: 'loading' | 'ready' | 'failed';
  /** null for a visitor (and while loading). */
  user: User | null;
  loadError: string | null;
  /**
   * Whether the user has reordered blogs since the page loaded. Until then the current blog
   * is listed first in the account popover and its row cannot be closed (spec 000 §4).
   */
  blogsReordered: boolean;
}

export type SessionAction =
  | { type: 'loaded'; user: User | null }
  | { type: 'loadFailed'; error: string }
  | { type: 'blogsOrdered'; names: string[]; reordered: boolean }
  | { type: 'seenAtgSet' }
  | { type: 'friendCountSet'; count: number }
  /** A like or unlike's answer: the user's likes now. */
  | { type: 'likedCountSet'; count: number }
  /** The `unread` channel's counts (protocol/README.md). */
  | { type: 'unreadCountsReceived'; counts: UnreadCounts };

export const initialSessionState: SessionState = {
  status: 'loading',
  user: null,
  loadError: null,
  blogsReordered: false,
};

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  return produce(state, (draft) => {
    switch (action.type) {
      case 'loaded':
        draft.status = 'ready';
        draft.user = action.user;
        draft.loadError = null;
        break;
      case 'loadFailed':
        // Keep a user already loaded: a failed refresh should not log anyone out.
        draft.status = draft.user ? 'ready' : 'failed';
        draft.loadError = action.error;
        break;
      case 'blogsOrdered': {
        if (!draft.user) break;
        const rank = new Map(action.names.map((name, i) => [name, i]));
        // Blogs missing from the list keep their place after the named ones.
        const ranked = (name: string) => rank.get(name) ?? action.names.length;
        draft.user.blogs.sort((a, b) => ranked(a.name) - ranked(b.name));
        draft.blogsReordered = action.reordered;
        break;
      }
      case 'seenAtgSet':
        if (draft.user) draft.user.seenAtg = true;
        break;
      case 'friendCountSet':
        if (draft.user) draft.user.friendCount = action.count;
        break;
      case 'likedCountSet':
        if (draft.user) draft.user.likedPostCount = action.count;
        break;
      case 'unreadCountsReceived': {
        if (!draft.user) break;
        const { counts } = action;
        draft.user.unreadCount = counts.messaging;
        draft.user.activityUnreadCount = counts.blogs.reduce((sum, b) => sum + b.activity, 0);
        for (const blog of draft.user.blogs) {
          const unread = counts.blogs.find((b) => b.blog === blog.name);
          // As the user model counts it (api.md): conversations plus notifications.
          if (unread) blog.unreadCount = unread.messaging + unread.activity;
        }
        break;
      }
    }
  });
}
