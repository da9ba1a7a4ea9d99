import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../../api/types/Conversation';
import type { ConversationList } from '../../../api/types/ConversationList';
import type { Suggestions } from '../../../api/types/Suggestions';
import { fakeApi, type FakeRoute } from '../../../test/fakeApi';
import { user, userBlog, wireParticipant } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { InboxPopover } from './InboxPopover';
import { advance } from '../../../test/time';

function conversation(id: number, other: string, lastModifiedTs: number, unread = false): Conversation {
  return {
    id,
    status: 'ACTIVE',
    last_modified_ts: lastModifiedTs,
    last_read_ts: unread ? lastModifiedTs - 1 : lastModifiedTs,
    unread,
    participants: [wireParticipant('alice'), wireParticipant(other)],
    messages: {
      data: [{ conversation_id: id, id: id * 10, ts: lastModifiedTs * 1000, participant: other, message: `from ${other}`, type: 'TEXT' }],
      _links: {},
    },
  };
}

const twoSenders = user({
  currentBlog: 'alice',
  blogs: [
    userBlog('alice', { isCurrent: true, isPrimary: true }),
    userBlog('alice-quiet', { canMessage: false }),
    userBlog('alice-art'),
  ],
});

function renderInbox(routes: Record<string, FakeRoute>) {
  const { client, requests } = fakeApi(routes);
  const rendered = renderWithProviders(<InboxPopover onClose={() => {}} />, { client, user: twoSenders });
  return { ...rendered, requests };
}

const conversationNames = () =>
  within(screen.getByRole('list', { name: 'Conversations' }))
    .getAllByRole('link')
    .map((a) => a.querySelector('.conversation-item__names')?.textContent);

describe('InboxPopover', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the conversations and moves one to the top when its inbox event says so', async () => {
    const { realtime, requests } = renderInbox({
      'GET /svc/conversations': () => ({
        response: { conversations: [conversation(1, 'bob', 300), conversation(2, 'carol', 200, true)], _links: {} } satisfies ConversationList,
      }),
    });
    await advance();
    expect(requests[0].query.get('participant')).toMatch(/^alice\./);
    expect(conversationNames()).toEqual(['bob', 'carol']);
    const carol = screen.getByRole('link', { name: /carol/ });
    expect(carol.getAttribute('href')).toBe('/conversation/2');
    expect(carol.closest('li')!.classList.contains('is-unread')).toBe(true);

    const newer = conversation(2, 'carol', 400, true);
    await act(async () =>
      realtime.emit({
        channel: 'inbox:alice',
        seq: 3,
        event: 'conversation',
        data: {
          id: 2,
          blog: 'alice',
          last_modified_ts: 400,
          last_read_ts: 200,
          unread: true,
          participants: newer.participants.map(({ name, title, avatar_url }) => ({ name, title, avatar_url })),
          last_message: { ...newer.messages.data[0], message: 'new news' },
        },
      }),
    );
    expect(conversationNames()).toEqual(['carol', 'bob']);
    expect(screen.getByRole('link', { name: /carol/ }).textContent).toContain('new news');
  });

  it('offers only messaging blogs as senders; choosing another empties the list and refetches', async () => {
    const { requests } = renderInbox({
      'GET /svc/conversations': (req) => ({
        response: {
          conversations: req.query.get('participant')!.startsWith('alice-art.') ? [] : [conversation(1, 'bob', 300)],
          _links: {},
        } satisfies ConversationList,
      }),
      'GET /svc/conversations/participant_suggestions': () => ({ response: { blogs: [] } satisfies Suggestions }),
    });
    await advance();
    fireEvent.click(screen.getByRole('button', { name: 'Send as: alice' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['alice', 'alice-art']);
    fireEvent.click(screen.getByRole('option', { name: 'alice-art' }));
    expect(screen.queryByRole('list', { name: 'Conversations' })).toBeNull();
    await advance();
    expect(requests.filter((r) => r.path === '/svc/conversations').map((r) => r.query.get('participant')!.split('.')[0])).toEqual([
      'alice',
      'alice-art',
    ]);
    // alice-art has no conversations: the empty state.
    expect(screen.getByRole('heading', { name: 'Say hello to someone!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New message' }).getAttribute('href')).toBe('/messaging/new');
  });

  it("shows favorites' avatars at 40x40 in the empty state, and New message opens compose", async () => {
    renderInbox({
      'GET /svc/conversations': () => ({ response: { conversations: [], _links: {} } satisfies ConversationList }),
      'GET /svc/conversations/participant_suggestions': () => ({
        response: { blogs: ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'].map(wireParticipant) } satisfies Suggestions,
      }),
    });
    await advance();
    const avatars = within(screen.getByRole('list', { name: 'Favorites' })).getAllByRole('img');
    expect(avatars).toHaveLength(5);
    expect(avatars[0].getAttribute('width')).toBe('40');
    expect(avatars[0].getAttribute('height')).toBe('40');
    fireEvent.click(screen.getByRole('link', { name: 'New message' }));
    expect(screen.getByRole('button', { name: 'Nevermind' })).toBeTruthy();
  });

  it('compose: favorites (limit 8, 5 shown), then debounced and cached search, Womp womp. when empty', async () => {
    const { requests } = renderInbox({
      'GET /svc/conversations': () => ({ response: { conversations: [], _links: {} } satisfies ConversationList }),
      'GET /svc/conversations/participant_suggestions': (req) => ({
        response: {
          blogs: req.query.get('q') === 'zz' ? [] : req.query.get('q') ? [wireParticipant('bob')] : ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7'].map(wireParticipant),
        } satisfies Suggestions,
      }),
    });
    await advance();
    fireEvent.click(screen.getByRole('button', { name: 'Compose Message' }));
    await advance();
    const suggestionCalls = () => requests.filter((r) => r.path === '/svc/conversations/participant_suggestions');
    expect(suggestionCalls().at(-1)!.query.get('limit')).toBe('8');
    expect(within(screen.getByRole('region', { name: 'Favorites' })).getAllByRole('button')).toHaveLength(5);

    const to = screen.getByLabelText('To:');
    const before = suggestionCalls().length;
    fireEvent.change(to, { target: { value: 'b' } });
    fireEvent.change(to, { target: { value: 'bo' } });
    await advance(249);
    expect(suggestionCalls()).toHaveLength(before);
    await advance(1);
    expect(suggestionCalls()).toHaveLength(before + 1);
    expect(suggestionCalls().at(-1)!.query.get('q')).toBe('bo');
    expect(within(screen.getByRole('region', { name: 'Search results' })).getByRole('button', { name: /bob/ })).toBeTruthy();

    fireEvent.change(to, { target: { value: 'zz' } });
    await advance(250);
    expect(within(screen.getByRole('region', { name: 'Search results' })).getByText('Womp womp.')).toBeTruthy();

    // Typing a query seen before answers from the cache.
    const seen = suggestionCalls().length;
    fireEvent.change(to, { target: { value: 'bo' } });
    await advance(250);
    expect(suggestionCalls()).toHaveLength(seen);
    expect(screen.getByRole('button', { name: /bob/ })).toBeTruthy();
  });

  it('Enter takes the typed name as the recipient; an empty line is ignored', async () => {
    renderInbox({
      'GET /svc/conversations': () => ({ response: { conversations: [], _links: {} } satisfies ConversationList }),
      'GET /svc/conversations/participant_suggestions': () => ({ response: { blogs: [] } satisfies Suggestions }),
      'GET /svc/conversations/messages': () => ({ status: 404, errors: [{ code: 'not_found', detail: 'none yet' }] }),
    });
    await advance();
    fireEvent.click(screen.getByRole('button', { name: 'Compose Message' }));
    const to = screen.getByLabelText('To:');
    fireEvent.keyDown(to, { key: 'Enter' });
    expect(screen.queryByRole('dialog', { name: /Conversation with/ })).toBeNull();
    fireEvent.change(to, { target: { value: ' Bob ' } });
    fireEvent.keyDown(to, { key: 'Enter' });
    await advance();
    expect(screen.getByRole('dialog', { name: 'Conversation with bob' })).toBeTruthy();
    expect(screen.getByText('Hello')).toBeTruthy();
  });

  it('shows the pagination loader only with at least 10 conversations', async () => {
    const page = (n: number) => () => ({
      response: {
        conversations: Array.from({ length: n }, (_, i) => conversation(i + 1, `b${i}`, 1000 - i)),
        _links: { next: { href: '/svc/conversations?participant=alice&before=x', method: 'GET' } },
      } satisfies ConversationList,
    });
    const nine = renderInbox({ 'GET /svc/conversations': page(9) });
    await advance();
    expect(screen.queryByRole('progressbar', { name: 'Loading more conversations' })).toBeNull();
    nine.unmount();
    renderInbox({ 'GET /svc/conversations': page(10) });
    await advance();
    expect(screen.getByRole('progressbar', { name: 'Loading more conversations' })).toBeTruthy();
  });
});
