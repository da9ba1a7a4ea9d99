// One blog's inbox (spec 000 §2.8, §4 Inbox): its conversations, newest activity first, the
// link to the next page, and the changes polls and `inbox:{blog}` events bring.
import { produce, type Draft } from 'immer';
import type { Conversation, Page } from '../../../api/messagingModels';

export interface InboxState {
  /** The blog whose inbox this is; an action for another blog starts the state over for it. */
  blog: string;
  conversations: Conversation[];
  nextHref: string | null;
  /** The first page has arrived. */
  loaded: boolean;
  /**
   * Conversations the blog deleted: pages read before the deletion (a further page's
   * answer lists the pages before it again) must not bring them back.
   */
  deleted: number[];
}

export type InboxAction =
  /**
   * The pages loaded so far, first to last: the first load, a further page, or a poll or
   * reload (which reads every loaded page again).
   */
  | { type: 'pagesLoaded'; blog: string; pages: Page<Conversation>[] }
  /** An `inbox:{blog}` `conversation` event: new message, read, or new conversation. */
  | { type: 'conversationChanged'; blog: string; conversation: Conversation }
  /** The blog deleted a conversation (message controls): it leaves the list. */
  | { type: 'conversationDeleted'; blog: string; conversationId: number };

export function initialInboxState(blog: string): InboxState {
  return { blog, conversations: [], nextHref: null, loaded: false, deleted: [] };
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
 * may beat an HTTP answer). The first page goes on top in the server's order (it sorts by
 * milliseconds; we only have seconds), followed by what else the list has; the stable sort
 * by last change then only moves what the server did not order. A further page (`append`)
 * updates what the list has in place and adds the rest at the end.
 */
function mergePage(draft: Draft<InboxState>, page: Page<Conversation>, append: boolean) {
  const known = new Map((draft.conversations as Conversation[]).map((c) => [c.id, c]));
  const items = page.items.filter((c) => !draft.deleted.includes(c.id));
  const pageIds = new Set(items.map((c) => c.id));
  const fromPage = items.map((c) => {
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

export function inboxReducer(current: InboxState, action: InboxAction): InboxState {
  // Another blog was chosen: its inbox starts empty.
  const state = action.blog === current.blog ? current : initialInboxState(action.blog);
  return produce(state, (draft) => {
    switch (action.type) {
      case 'pagesLoaded': {
        // Merging is idempotent: a page read again changes only what changed on the server.
        action.pages.forEach((page, i) => mergePage(draft, page, i > 0));
        draft.nextHref = action.pages.at(-1)?.nextHref ?? null;
        draft.loaded = true;
        break;
      }
      case 'conversationDeleted':
        draft.conversations = (draft.conversations as Conversation[]).filter((c) => c.id !== action.conversationId);
        draft.deleted.push(action.conversationId);
        break;
      case 'conversationChanged': {
        const { conversation } = action;
        // Written in again after it was deleted: it is back.
        draft.deleted = draft.deleted.filter((id) => id !== conversation.id);
        const i = draft.conversations.findIndex((c) => c.id === conversation.id);
        if (i === -1) {
          // Not in the list: where its last change puts it (a new conversation, on top), or
          // nowhere yet when that is past the pages loaded (read on another page, say).
          const at = draft.conversations.findIndex((c) => isNewer(conversation, c as Conversation));
          if (at !== -1) draft.conversations.splice(at, 0, conversation);
          else if (draft.nextHref === null) draft.conversations.push(conversation);
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
