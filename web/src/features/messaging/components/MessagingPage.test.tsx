import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../../api/types/Conversation';
import type { ConversationList } from '../../../api/types/ConversationList';
import type { MessagesAnswer } from '../../../api/types/MessagesAnswer';
import type { SentAnswer } from '../../../api/types/SentAnswer';
import type { Suggestions } from '../../../api/types/Suggestions';
import type { MessageData } from '../../../protocol/MessageData';
import { fakeApi, type FakeRoute } from '../../../test/fakeApi';
import { user, wireParticipant } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { advance } from '../../../test/time';
import { MessagingPage } from './MessagingPage';

const TS = 1_795_000_000;

function wireMessage(id: number, participant: string, message: string): MessageData {
  return { conversation_id: 7, id, ts: TS * 1000 + id, participant, message, type: 'TEXT' };
}

function withBob(messages: MessageData[] = [wireMessage(1, 'bob', 'ahoy alice')]): Conversation {
  return {
    id: 7,
    status: 'ACTIVE',
    last_modified_ts: TS,
    last_read_ts: TS,
    unread: false,
    participants: [wireParticipant('alice'), wireParticipant('bob')],
    messages: { data: messages, _links: {} },
  };
}

const routes: Record<string, FakeRoute> = {
  'GET /svc/conversations': () => ({ response: { conversations: [withBob()], _links: {} } satisfies ConversationList }),
  'GET /svc/conversations/messages': () => ({
    response: { conversation: withBob(), messages: { data: [wireMessage(1, 'bob', 'ahoy alice')], _links: {} } } satisfies MessagesAnswer,
  }),
  'POST /svc/conversations/messages': (req) => ({
    response: {
      conversation_id: 7,
      message: wireMessage(2, 'alice', req.form.get('message')!),
      conversation: withBob(),
    } satisfies SentAnswer,
  }),
  'GET /svc/conversations/participant_suggestions': () => ({ response: { blogs: [wireParticipant('bob')] } satisfies Suggestions }),
};

function renderPage(who = user()) {
  const { client, requests } = fakeApi(routes);
  const rendered = renderWithProviders(<MessagingPage />, { client, user: who, path: '/messaging' });
  return { ...rendered, requests };
}

const conversationWithBob = () => screen.queryByRole('dialog', { name: 'Conversation with bob' });

describe('the messaging page (/messaging: the inbox where a phone finds it)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the conversations; one opens over the page, answers, and closes back to the list', async () => {
    const { requests } = renderPage();
    await advance();
    expect(screen.getByRole('heading', { name: 'Messages', level: 1 })).toBeTruthy();
    const inbox = screen.getByRole('region', { name: 'Messages' });
    fireEvent.click(within(inbox).getByRole('link', { name: /bob/ }));
    await advance();

    const conversation = conversationWithBob()!;
    expect(within(conversation).getByText('ahoy alice')).toBeTruthy();
    // The inbox stays on the page under the conversation.
    expect(within(inbox).getByRole('list', { name: 'Conversations' })).toBeTruthy();

    const box = within(conversation).getByRole('textbox', { name: 'New message' });
    fireEvent.change(box, { target: { value: 'ahoy bob' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await advance();
    const sent = requests.find((r) => r.method === 'POST' && r.path === '/svc/conversations/messages')!;
    expect(sent.form.get('conversation_id')).toBe('7');
    expect(sent.form.get('message')).toBe('ahoy bob');
    expect(within(conversation).getByText('ahoy bob')).toBeTruthy();

    fireEvent.click(within(conversation).getByRole('button', { name: 'Close' }));
    expect(conversationWithBob()).toBeNull();
    expect(within(inbox).getByRole('link', { name: /bob/ })).toBeTruthy();
  });

  it('starts a new conversation from the compose toggle', async () => {
    renderPage();
    await advance();
    fireEvent.click(screen.getByRole('button', { name: 'Compose Message' }));
    const to = screen.getByLabelText('To:');
    fireEvent.change(to, { target: { value: 'bob' } });
    fireEvent.keyDown(to, { key: 'Enter' });
    await advance();
    expect(conversationWithBob()).toBeTruthy();
  });

  it('says so to a user who may not message, and asks nothing of the server', async () => {
    const { requests } = renderPage(user({ canMessage: false }));
    await advance();
    expect(screen.getByText('Messaging is not available to your account.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Compose Message' })).toBeNull();
    expect(requests).toEqual([]);
  });
});
