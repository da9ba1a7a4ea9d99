// The conversation view's state machine (spec 000 §4 Conversation view): flags isNewConversation,
// isError, isLoading, isSending, and the messages, pending ones last.
import { produce, type Draft } from 'immer';
import type { Conversation, Message } from '../../../api/messagingModels';

export interface ConversationViewState {
  /** Null until the conversation exists (a new one gets its id from the first send). */
  conversationId: number | null;
  conversation: Conversation | null;
  messages: Message[];
  isNewConversation: boolean;
  isError: boolean;
  /** What the error view says when it is not the spec's 'not enabled' (a blog not there). */
  errorText: string | null;
  isLoading: boolean;
  isSending: boolean;
  sendError: string | null;
  /** The send failed for want of the server, not by its refusal: the next answer clears it. */
  sendErrorUnreachable: boolean;
  /** Each other participant's last read time (ms), from `read` events. */
  readUpTo: Record<string, number>;
  /**
   * Where the older pages start: the first load's link to the page before it; null when
   * there is none. Refreshes (which read the newest page, and whose link moves as messages
   * come in) leave it alone.
   */
  olderHref: string | null;
}

export type ConversationViewAction =
  /** The newest page: the first load, or a refresh (a poll, a gap filled, a read marked). */
  | { type: 'loaded'; conversation: Conversation; messages: Message[]; olderHref: string | null }
  /** Older pages, as many as have been read. */
  | { type: 'olderLoaded'; messages: Message[] }
  /**
   * The newest page failed; `status` is its HTTP status (0 for a network failure). Only the
   * first load decides the view: a refresh that fails changes nothing.
   */
  | { type: 'loadFailed'; status: number; notABlog?: string }
  | { type: 'sendStarted'; message: Message }
  | { type: 'sendSucceeded'; clientId: string; conversation: Conversation; message: Message }
  | { type: 'sendFailed'; clientId: string; error: string; unreachable?: boolean }
  | { type: 'messageReceived'; message: Message }
  | { type: 'readReceived'; participant: string; lastReadTs: number };

export function initialConversationView(conversationId: number | null): ConversationViewState {
  return {
    conversationId,
    conversation: null,
    messages: [],
    isNewConversation: conversationId === null,
    isError: false,
    errorText: null,
    isLoading: true,
    isSending: false,
    sendError: null,
    sendErrorUnreachable: false,
    readUpTo: {},
    olderHref: null,
  };
}

/** Adds server messages once each (by id), oldest first, pending ones kept at the end. */
function mergeMessages(draft: Draft<ConversationViewState>, incoming: Message[]) {
  const byId = new Map<number, Message>();
  const pending: Message[] = [];
  for (const m of [...draft.messages, ...incoming] as Message[]) {
    if (m.id === null) pending.push(m);
    else byId.set(m.id, m);
  }
  const sent = [...byId.values()].sort((a, b) => a.ts - b.ts || (a.id ?? 0) - (b.id ?? 0));
  draft.messages = [...sent, ...pending];
}

function becameExisting(draft: Draft<ConversationViewState>, conversation: Conversation) {
  draft.conversationId = conversation.id;
  draft.conversation = conversation;
  draft.isNewConversation = false;
  draft.isError = false;
}

export function conversationViewReducer(
  state: ConversationViewState,
  action: ConversationViewAction,
): ConversationViewState {
  return produce(state, (draft) => {
    switch (action.type) {
      case 'loaded':
        // The server answers again: 'could not reach it' no longer says how things are.
        if (draft.sendErrorUnreachable) {
          draft.sendError = null;
          draft.sendErrorUnreachable = false;
        }
        if (draft.isLoading) draft.olderHref = action.olderHref;
        draft.isLoading = false;
        becameExisting(draft, action.conversation);
        mergeMessages(draft, action.messages);
        break;
      case 'olderLoaded':
        mergeMessages(draft, action.messages);
        break;
      case 'loadFailed':
        if (!draft.isLoading) break;
        draft.isLoading = false;
        // A conversation not started yet answers 404: that is the new-conversation view. A
        // recipient that is no blog is an error, said in the server's words.
        if (action.notABlog !== undefined) {
          draft.isError = true;
          draft.errorText = action.notABlog;
        } else if (!(action.status === 404 && draft.isNewConversation)) {
          draft.isError = true;
        }
        break;
      case 'sendStarted':
        draft.isSending = true;
        draft.sendError = null;
        draft.sendErrorUnreachable = false;
        draft.messages.push(action.message);
        break;
      case 'sendSucceeded':
        draft.isSending = false;
        draft.messages = draft.messages.filter((m) => m.clientId !== action.clientId);
        becameExisting(draft, action.conversation);
        mergeMessages(draft, [action.message]);
        break;
      case 'sendFailed':
        draft.isSending = false;
        draft.sendError = action.error;
        draft.sendErrorUnreachable = action.unreachable ?? false;
        draft.messages = draft.messages.filter((m) => m.clientId !== action.clientId);
        break;
      case 'messageReceived':
        mergeMessages(draft, [action.message]);
        break;
      case 'readReceived':
        draft.readUpTo[action.participant] = action.lastReadTs * 1000;
        break;
    }
  });
}

/** Spec 000 §4: which of the three views shows. */
export function conversationViewKind(state: ConversationViewState): 'messages' | 'new' | 'error' {
  if (state.isError) return 'error';
  if (state.isNewConversation) return 'new';
  return 'messages';
}
