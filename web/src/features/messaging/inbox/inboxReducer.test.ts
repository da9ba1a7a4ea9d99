import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../api/messagingModels';
import { inboxReducer, initialInboxState, type InboxAction, type InboxState } from './inboxReducer';

function conversation(id: number, lastModifiedTs: number, extra: Partial<Conversation> = {}): Conversation {
  return {
    id,
    status: 'ACTIVE',
    lastModifiedTs,
    lastReadTs: lastModifiedTs,
    unread: false,
    participants: [
      { name: 'alice', title: '', avatarUrl: '/avatar/alice/128', theme: null },
      { name: `blog${id}`, title: '', avatarUrl: `/avatar/blog${id}/128`, theme: null },
    ],
    lastMessage: {
      id: id * 100 + lastModifiedTs,
      clientId: null,
      conversationId: id,
      ts: lastModifiedTs * 1000,
      participant: `blog${id}`,
      message: `message at ${lastModifiedTs}`,
      type: 'TEXT',
      isPending: false,
    },
    ...extra,
  };
}

function run(state: InboxState, ...actions: InboxAction[]): InboxState {
  return actions.reduce(inboxReducer, state);
}

/** The pages as the query cache holds them, each `[conversations, nextHref]`. */
function pagesLoaded(...pages: [Conversation[], string | null][]): InboxAction {
  return { type: 'pagesLoaded', blog: 'alice', pages: pages.map(([items, nextHref]) => ({ items, nextHref })) };
}

function loaded(...conversations: Conversation[]): InboxState {
  return run(initialInboxState('alice'), pagesLoaded([conversations, null]));
}

const ids = (state: InboxState) => state.conversations.map((c) => c.id);

describe('inboxReducer', () => {
  it('loads the first page', () => {
    const state = loaded(conversation(1, 30), conversation(2, 20));
    expect(state.loaded).toBe(true);
    expect(ids(state)).toEqual([1, 2]);
  });

  it('moves a conversation with a new message to the top, unread', () => {
    const state = run(loaded(conversation(1, 30), conversation(2, 20), conversation(3, 10)), {
      type: 'conversationChanged',
      blog: 'alice',
      conversation: conversation(3, 40, { unread: true, lastReadTs: 10 }),
    });
    expect(ids(state)).toEqual([3, 1, 2]);
    expect(state.conversations[0].unread).toBe(true);
    expect(state.conversations[0].lastMessage?.message).toBe('message at 40');
  });

  it('moves it to the top for a second message in the same second', () => {
    const before = loaded(conversation(1, 30), conversation(2, 30));
    const second = conversation(2, 30);
    second.lastMessage = { ...second.lastMessage!, id: 99_999, message: 'again' };
    const state = run(before, { type: 'conversationChanged', blog: 'alice', conversation: second });
    expect(ids(state)).toEqual([2, 1]);
  });

  it('updates the unread flag in place when a conversation is read', () => {
    const before = loaded(conversation(1, 30), conversation(2, 20, { unread: true }));
    const state = run(before, {
      type: 'conversationChanged',
      blog: 'alice',
      conversation: conversation(2, 20, { unread: false }),
    });
    expect(ids(state)).toEqual([1, 2]);
    expect(state.conversations[1].unread).toBe(false);
  });

  it('inserts a new conversation at the top', () => {
    const state = run(loaded(conversation(1, 30)), {
      type: 'conversationChanged',
      blog: 'alice',
      conversation: conversation(7, 50, { unread: true }),
    });
    expect(ids(state)).toEqual([7, 1]);
  });

  it('puts a conversation it did not list where its last change belongs, or leaves it to a later page', () => {
    const twoPages = run(initialInboxState('alice'), pagesLoaded([[conversation(1, 30), conversation(2, 20)], '/next']));
    // Read in another tab: older than the page loaded, so it is on a page not read yet.
    const readElsewhere = run(twoPages, { type: 'conversationChanged', blog: 'alice', conversation: conversation(9, 5) });
    expect(ids(readElsewhere)).toEqual([1, 2]);
    const between = run(twoPages, { type: 'conversationChanged', blog: 'alice', conversation: conversation(8, 25) });
    expect(ids(between)).toEqual([1, 8, 2]);
    const allLoaded = run(loaded(conversation(1, 30)), { type: 'conversationChanged', blog: 'alice', conversation: conversation(9, 5) });
    expect(ids(allLoaded)).toEqual([1, 9]);
  });

  it('merges a poll: newer copies replace, order follows the latest activity', () => {
    const state = run(
      loaded(conversation(1, 30), conversation(2, 20)),
      pagesLoaded([[conversation(2, 60, { unread: true }), conversation(5, 50), conversation(1, 30)], null]),
    );
    expect(ids(state)).toEqual([2, 5, 1]);
    expect(state.conversations[0].unread).toBe(true);
  });

  it('keeps a copy an event brought when an older HTTP answer lands after it', () => {
    let state = run(initialInboxState('alice'), {
      type: 'conversationChanged',
      blog: 'alice',
      conversation: conversation(1, 40),
    });
    state = run(state, pagesLoaded([[conversation(1, 30)], null]));
    expect(state.conversations[0].lastModifiedTs).toBe(40);
  });

  it("keeps the server's order for conversations changed in the same second", () => {
    const state = loaded(conversation(3, 50), conversation(1, 50), conversation(2, 50));
    expect(ids(state)).toEqual([3, 1, 2]);
    const polled = run(state, pagesLoaded([[conversation(2, 50), conversation(3, 50), conversation(1, 50)], null]));
    expect(ids(polled)).toEqual([2, 3, 1]);
  });

  it('appends further pages without duplicates', () => {
    const first: [Conversation[], string | null] = [[conversation(1, 30), conversation(2, 20)], '/svc/conversations?before=2'];
    let state = run(initialInboxState('alice'), pagesLoaded(first));
    expect(state.nextHref).toBe('/svc/conversations?before=2');
    state = run(state, pagesLoaded(first, [[conversation(2, 20), conversation(3, 10)], null]));
    expect(ids(state)).toEqual([1, 2, 3]);
    expect(state.nextHref).toBeNull();
  });

  it('keeps the further pages a poll read again, and takes their last link', () => {
    const first: [Conversation[], string | null] = [[conversation(1, 30), conversation(2, 20)], '/p2'];
    const second: [Conversation[], string | null] = [[conversation(3, 10)], '/p3'];
    const state = run(
      initialInboxState('alice'),
      pagesLoaded(first, second),
      pagesLoaded([[conversation(4, 40), conversation(1, 30)], '/p2b'], [[conversation(2, 20), conversation(3, 10)], null]),
    );
    expect(ids(state)).toEqual([4, 1, 2, 3]);
    expect(state.nextHref).toBeNull();
  });

  it('does not bring back a deleted conversation from pages read before, unless it is written in again', () => {
    const first: [Conversation[], string | null] = [[conversation(1, 30), conversation(2, 20)], '/p2'];
    let state = run(
      initialInboxState('alice'),
      pagesLoaded(first),
      { type: 'conversationDeleted', blog: 'alice', conversationId: 2 },
      pagesLoaded(first, [[conversation(3, 10)], null]),
    );
    expect(ids(state)).toEqual([1, 3]);
    state = run(state, { type: 'conversationChanged', blog: 'alice', conversation: conversation(2, 50) });
    expect(ids(state)).toEqual([2, 1, 3]);
  });

  it('starts empty when another blog is chosen', () => {
    const state = run(loaded(conversation(1, 30)), {
      type: 'pagesLoaded',
      blog: 'second',
      pages: [{ items: [conversation(9, 90)], nextHref: null }],
    });
    expect(state.blog).toBe('second');
    expect(ids(state)).toEqual([9]);
  });
});
