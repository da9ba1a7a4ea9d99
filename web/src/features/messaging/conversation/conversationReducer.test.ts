import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../api/messagingModels';
import {
  conversationViewKind,
  conversationViewReducer as reduce,
  initialConversationView,
  type ConversationViewAction,
  type ConversationViewState,
} from './conversationReducer';

function message(id: number | null, ts: number, extra: Partial<Message> = {}): Message {
  return {
    id,
    clientId: null,
    conversationId: 42,
    ts,
    participant: 'alice',
    message: `m${id}`,
    type: 'TEXT',
    isPending: false,
    ...extra,
  };
}

const conversation: Conversation = {
  id: 42,
  status: 'ACTIVE',
  lastModifiedTs: 1,
  lastReadTs: 1,
  unread: false,
  participants: [],
  lastMessage: null,
};

function run(state: ConversationViewState, ...actions: ConversationViewAction[]) {
  return actions.reduce(reduce, state);
}

const pending = message(null, 5000, { clientId: 'c1', isPending: true, message: 'hi' });

describe('conversation view', () => {
  it('starts loading; a new conversation starts new', () => {
    expect(initialConversationView(42)).toMatchObject({ isLoading: true, isNewConversation: false });
    expect(initialConversationView(null)).toMatchObject({ isLoading: true, isNewConversation: true });
  });

  it('reads a 404 on a new conversation as new, not as an error', () => {
    const state = run(initialConversationView(null), { type: 'loadFailed', status: 404 });
    expect(state).toMatchObject({ isNewConversation: true, isError: false, isLoading: false });
    expect(conversationViewKind(state)).toBe('new');
  });

  it('reads any other failure as an error, and a 404 on an existing conversation too', () => {
    for (const status of [500, 403, 0]) {
      const state = run(initialConversationView(null), { type: 'loadFailed', status });
      expect(conversationViewKind(state)).toBe('error');
    }
    expect(conversationViewKind(run(initialConversationView(42), { type: 'loadFailed', status: 404 }))).toBe('error');
  });

  it('shows the messages of a loaded conversation, even one started by name', () => {
    const state = run(initialConversationView(null), {
      type: 'loaded',
      conversation,
      messages: [message(2, 2000), message(1, 1000)],
      olderHref: null,
    });
    expect(conversationViewKind(state)).toBe('messages');
    expect(state.conversationId).toBe(42);
    expect(state.messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it('shows a sent message pending at once and clears it on success; no longer new', () => {
    let state = run(initialConversationView(null), { type: 'loadFailed', status: 404 }, { type: 'sendStarted', message: pending });
    expect(state.isSending).toBe(true);
    expect(state.messages).toEqual([pending]);
    state = run(state, {
      type: 'sendSucceeded',
      clientId: 'c1',
      conversation,
      message: message(7, 5001, { message: 'hi' }),
    });
    expect(state.isSending).toBe(false);
    expect(state.isNewConversation).toBe(false);
    expect(state.conversationId).toBe(42);
    expect(state.messages.map((m) => [m.id, m.isPending])).toEqual([[7, false]]);
  });

  it('does not show a message twice when its event beats the answer to the send', () => {
    const state = run(
      initialConversationView(42),
      { type: 'loaded', conversation, messages: [], olderHref: null },
      { type: 'sendStarted', message: pending },
      { type: 'messageReceived', message: message(7, 5001) },
      { type: 'sendSucceeded', clientId: 'c1', conversation, message: message(7, 5001) },
    );
    expect(state.messages.map((m) => m.id)).toEqual([7]);
  });

  it('keeps pending messages last while others arrive', () => {
    const state = run(
      initialConversationView(42),
      { type: 'loaded', conversation, messages: [message(1, 1000)], olderHref: null },
      { type: 'sendStarted', message: pending },
      { type: 'messageReceived', message: message(2, 6000, { participant: 'bob' }) },
    );
    expect(state.messages.map((m) => m.id)).toEqual([1, 2, null]);
  });

  it('clears the sending flag on failure and shows the error', () => {
    const state = run(
      initialConversationView(42),
      { type: 'loaded', conversation, messages: [], olderHref: null },
      { type: 'sendStarted', message: pending },
      { type: 'sendFailed', clientId: 'c1', error: 'This blog does not have messaging enabled.' },
    );
    expect(state.isSending).toBe(false);
    expect(state.sendError).toBe('This blog does not have messaging enabled.');
    expect(state.messages).toEqual([]);
  });

  it("drops 'could not reach the server' once the server answers again, and keeps a refusal", () => {
    const loaded: ConversationViewAction = { type: 'loaded', conversation, messages: [], olderHref: null };
    const failed = (unreachable: boolean): ConversationViewAction => ({
      type: 'sendFailed',
      clientId: 'c1',
      error: unreachable ? 'Could not reach the server.' : 'Messages are at most 4096 characters.',
      unreachable,
    });
    const cut = run(initialConversationView(42), loaded, { type: 'sendStarted', message: pending }, failed(true));
    expect(cut.sendError).toBe('Could not reach the server.');
    expect(run(cut, loaded).sendError).toBeNull();
    const refused = run(initialConversationView(42), loaded, { type: 'sendStarted', message: pending }, failed(false));
    expect(run(refused, loaded).sendError).toBe('Messages are at most 4096 characters.');
  });

  it('starts the older pages where the first load ended; refreshes and older pages merge in', () => {
    const state = run(
      initialConversationView(42),
      { type: 'loaded', conversation, messages: [message(5, 5000)], olderHref: '/older?before=5' },
      // A refresh's page ends elsewhere once new messages came in: the start stays.
      { type: 'loaded', conversation, messages: [message(6, 6000), message(5, 5000)], olderHref: '/older?before=6' },
      { type: 'olderLoaded', messages: [message(2, 2000), message(1, 1000)] },
    );
    expect(state.olderHref).toBe('/older?before=5');
    expect(state.messages.map((m) => m.id)).toEqual([1, 2, 5, 6]);
  });

  it('lets only the first load decide the view: a failed refresh changes nothing', () => {
    const loaded = run(initialConversationView(42), { type: 'loaded', conversation, messages: [message(1, 1000)], olderHref: null });
    expect(run(loaded, { type: 'loadFailed', status: 500 })).toBe(loaded);
  });

  it('remembers how far each participant has read, in ms', () => {
    const state = run(initialConversationView(42), { type: 'readReceived', participant: 'bob', lastReadTs: 1795 });
    expect(state.readUpTo.bob).toBe(1_795_000);
  });
});
