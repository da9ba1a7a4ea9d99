// One blog's inbox (spec 000 §2.8, §4 Inbox): its conversations, newest activity first, the
// link to the next page, and the changes polls and `inbox:{blog}` events bring.
import { produce, type Draft } from 'immer';
import type { Conversation, Page } from '../../../api/messagingModels';

export interface InboxState {
  /** The blog whose inbox this is; answers for another blog are dropped. */
  blog: string;
  conversations: Conversation[];
  nextHref: string | null;
  status: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  error: string | null;
}

export type InboxAction =
  /** Another sender blog was chosen: empty the list and load again. */
  | { type: 'blogChosen'; blog: string }
  | { type: 'firstPageLoaded'; blog: string; page: Page<Conversation> }
  | { type: 'loadFailed'; blog: string; error: string }
  | { type: 'moreRequested'; blog: string }
  | { type: 'moreLoaded'; blog: string; page: Page<Conversation> }
  | { type: 'moreFailed'; blog: string; error: string }
  /** A poll's first page, while the socket is down. */
  | { type: 'polled'; blog: string; page: Page<Conversation> }
  /** An `inbox:{blog}` `conversation` event: new message, read, or new conversation. */
  | { type: 'conversationChanged'; blog: string; conversation: Conversation }
  /** The blog deleted a conversation (message controls): it leaves the list. */
  | { type: 'conversationDeleted'; blog: string; conversationId: number };

export function initialInboxState(blog: string): InboxState {
  return { blog, conversations: [], nextHref: null, status: 'loading', loadingMore: false, error: null };
}

/** Whether `a` carries a later change than `b`: a later time, or a later last message. */
function isNewer(a: Conversation, b: Conversation): boolean {
  // last_modified_ts is in seconds: two messages in one second differ only by their ids.
  if (a.lastModifiedTs !== b.lastModifiedTs) return a.lastModifiedTs > b.lastModifiedTs;
  return (a.lastMessage?.id ?? 0) > (b.lastMessage?.id ?? 0);
}

/** Of two copies of one conversation, the one with the later change. */
function newerOf(a: Conversation, b: Conversation): Conversation {
  return isNewer(b, a) ? b : a;
}

/**
 * Puts a fresh page in the list. Each conversation keeps whichever copy is newer (an event
 * may beat an HTTP answer). A first page or a poll goes on top in the server's order (it
 * sorts by milliseconds; we only have seconds), followed by what else the list has; the
 * stable sort by last change then only moves what the server did not order.
 */
function mergePage(draft: Draft<InboxState>, page: Page<Conversation>, append: boolean) {
  const known = new Map((draft.conversations as Conversation[]).map((c) => [c.id, c]));
  const pageIds = new Set(page.items.map((c) => c.id));
  const fromPage = page.items.map((c) => {
    const copy = known.get(c.id);
    return copy ? newerOf(copy, c) : c;
  });
  if (append) {
    const fresh = fromPage.filter((c) => !known.has(c.id));
    draft.conversations = (draft.conversations as Conversation[])
      .map((c) => (pageIds.has(c.id) ? fromPage.find((p) => p.id === c.id)! : c))
      .concat(fresh);
    return;
  }
  const rest = (draft.conversations as Conversation[]).filter((c) => !pageIds.has(c.id));
  draft.conversations = [...fromPage, ...rest].sort((a, b) => b.lastModifiedTs - a.lastModifiedTs);
}

export function inboxReducer(state: InboxState, action: InboxAction): InboxState {
  if (action.type === 'blogChosen') {
    return action.blog === state.blog && state.status !== 'error' ? state : initialInboxState(action.blog);
  }
  if (action.blog !== state.blog) return state;
  return produce(state, (draft) => {
    switch (action.type) {
      case 'firstPageLoaded':
        mergePage(draft, action.page, false);
        draft.nextHref = action.page.nextHref;
        draft.status = 'ready';
        draft.error = null;
        break;
      case 'loadFailed':
        draft.status = 'error';
        draft.error = action.error;
        break;
      case 'moreRequested':
        draft.loadingMore = true;
        break;
      case 'moreLoaded':
        mergePage(draft, action.page, true);
        draft.nextHref = action.page.nextHref;
        draft.loadingMore = false;
        break;
      case 'moreFailed':
        draft.loadingMore = false;
        draft.error = action.error;
        break;
      case 'polled':
        mergePage(draft, action.page, false);
        // Pages already loaded past the first stay; with only one, the poll's link is the news.
        draft.nextHref = draft.nextHref ?? action.page.nextHref;
        break;
      case 'conversationDeleted':
        draft.conversations = (draft.conversations as Conversation[]).filter((c) => c.id !== action.conversationId);
        break;
      case 'conversationChanged': {
        const { conversation } = action;
        const i = draft.conversations.findIndex((c) => c.id === conversation.id);
        if (i === -1) {
          draft.conversations.unshift(conversation);
        } else if (isNewer(conversation, draft.conversations[i] as Conversation)) {
          // A new message: to the top.
          draft.conversations.splice(i, 1);
          draft.conversations.unshift(conversation);
        } else {
          // Read, or nothing new: in place.
          draft.conversations[i] = conversation;
        }
        break;
      }
    }
  });
}
