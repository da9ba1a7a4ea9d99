import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../../api/types/Conversation';
import type { MessagesAnswer } from '../../../api/types/MessagesAnswer';
import type { SentAnswer } from '../../../api/types/SentAnswer';
import type { MessageData } from '../../../protocol/MessageData';
import { deferred, fakeApi, type FakeAnswer, type FakeRoute } from '../../../test/fakeApi';
import { user, userBlog, wireParticipant } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderApp';
import type { RealtimeStatus } from '../../../api/realtime';
import type { ConversationTarget } from '../types';
import { ConversationPopover } from './ConversationPopover';
import { advance } from '../../../test/time';

function wireMessage(id: number, participant: string, message: string, ts = 1_795_000_000_000 + id): MessageData {
  return { conversation_id: 42, id, ts, participant, message, type: 'TEXT' };
}

function wireConversation(): Conversation {
  return {
    id: 42,
    status: 'ACTIVE',
    last_modified_ts: 1_795_000_000,
    last_read_ts: 1_795_000_000,
    unread: false,
    participants: [wireParticipant('alice'), wireParticipant('bob')],
    messages: { data: [], _links: {} },
  };
}

const found: FakeRoute = () => ({
  response: { conversation: wireConversation(), messages: { data: [wireMessage(1, 'bob', 'hi alice')], _links: {} } } satisfies MessagesAnswer,
});
const notFound: FakeRoute = () => ({
  status: 404,
  errors: [{ code: 'not_found', detail: 'There is no conversation between these blogs yet.' }],
});

const byName: ConversationTarget = { key: 1, sender: 'alice', conversationId: null, recipients: ['bob'], participants: [] };
const byId: ConversationTarget = { ...byName, conversationId: 42 };

function renderConversation(
  target: ConversationTarget,
  routes: Record<string, FakeRoute>,
  realtimeStatus: RealtimeStatus = 'open',
) {
  const onClose = vi.fn();
  const { client, requests } = fakeApi(routes);
  const rendered = renderWithProviders(<ConversationPopover target={target} onClose={onClose} />, {
    client,
    user: user({ name: 'alice' }),
    realtimeStatus,
  });
  return { ...rendered, requests, onClose };
}

const messageTexts = () =>
  within(screen.getByRole('list', { name: 'Messages' }))
    .queryAllByText(/./, { selector: '.message__text' })
    .map((p) => p.textContent);

describe('ConversationPopover', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows 'Hello' for a new conversation: the 404 is not an error", async () => {
    const { requests } = renderConversation(byName, { 'GET /svc/conversations/messages': notFound });
    await advance();
    expect(screen.getByRole('heading', { name: 'bob' })).toBeTruthy();
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(screen.queryByText('This blog does not have messaging enabled.')).toBeNull();
    const get = requests.find((r) => r.path === '/svc/conversations/messages')!;
    expect(get.query.get('participants')).toBe('bob');
    expect(get.query.get('participant')).toMatch(/^alice\./);
  });

  it("says there is no such blog, in the server's words, for a recipient that is none", async () => {
    renderConversation(byName, {
      'GET /svc/conversations/messages': () => ({
        status: 404,
        errors: [{ code: 'no_such_blog', detail: "There's no blog named 'bob'." }],
      }),
    });
    await advance();
    expect(screen.getByRole('alert').textContent).toBe("There's no blog named 'bob'.");
    expect(screen.queryByText('Hello')).toBeNull();
  });

  it('shows the error view for any other failure', async () => {
    renderConversation(byName, {
      'GET /svc/conversations/messages': () => ({ status: 500, errors: [{ code: 'internal', detail: 'oops' }] }),
    });
    await advance();
    expect(screen.getByRole('alert').textContent).toBe('This blog does not have messaging enabled.');
    expect(screen.queryByText('Hello')).toBeNull();
  });

  it('shows the loader only after 250 ms of loading', async () => {
    const answer = deferred<FakeAnswer>();
    renderConversation(byId, { 'GET /svc/conversations/messages': () => answer.promise });
    await advance(249);
    expect(screen.queryByRole('progressbar')).toBeNull();
    await advance(1);
    expect(screen.getByRole('progressbar', { name: 'Loading the conversation' })).toBeTruthy();
    await act(async () => answer.resolve(found({} as never) as FakeAnswer));
    await advance();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(messageTexts()).toEqual(['hi alice']);
  });

  it("shows a sent message pending at once, 'Still sending...' after 500 ms, and clears both on success", async () => {
    const answer = deferred<FakeAnswer>();
    const { requests } = renderConversation(byName, {
      'GET /svc/conversations/messages': notFound,
      'POST /svc/conversations/messages': () => answer.promise,
    });
    await advance();
    const box = screen.getByRole('textbox', { name: 'New message' });
    const sendButton = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(sendButton.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '  hello bob ' } });
    expect(sendButton.disabled).toBe(false);
    fireEvent.keyDown(box, { key: 'Enter' });

    expect(messageTexts()).toEqual(['hello bob']);
    expect(document.querySelector('.message.is-pending')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.form.get('participants')).toBe('bob');
    expect(post.form.get('message')).toBe('hello bob');
    expect(post.form.get('type')).toBe('TEXT');

    await advance(499);
    expect(screen.queryByText('Still sending...')).toBeNull();
    await advance(1);
    expect(screen.getByRole('status').textContent).toBe('Still sending...');

    await act(async () =>
      answer.resolve({
        response: { conversation_id: 42, message: wireMessage(7, 'alice', 'hello bob'), conversation: wireConversation() } satisfies SentAnswer,
      }),
    );
    await advance();
    expect(screen.queryByText('Still sending...')).toBeNull();
    expect(document.querySelector('.message.is-pending')).toBeNull();
    expect(messageTexts()).toEqual(['hello bob']);
    // No longer new: the next message goes to the conversation by id.
    expect(screen.queryByText('Hello')).toBeNull();
  });

  it('clears the sending flag on failure, shows the error and gives the text back', async () => {
    renderConversation(byId, {
      'GET /svc/conversations/messages': found,
      'POST /svc/conversations/messages': () => ({
        status: 403,
        errors: [{ code: 'messaging_disabled', detail: 'This blog does not have messaging enabled.' }],
      }),
    });
    await advance();
    const box = screen.getByRole('textbox', { name: 'New message' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'are you there' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await advance();
    expect(screen.getByRole('alert').textContent).toBe('This blog does not have messaging enabled.');
    expect(box.value).toBe('are you there');
    expect(messageTexts()).toEqual(['hi alice']);
  });

  it("says 'Message cannot be empty.' when Enter is pressed with nothing typed", async () => {
    const { requests } = renderConversation(byId, { 'GET /svc/conversations/messages': found });
    await advance();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'New message' }), { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Message cannot be empty.');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it("shows the other side's first message in a conversation not started yet, asking every 2 s", async () => {
    let started = false;
    const { requests } = renderConversation(byName, {
      'GET /svc/conversations/messages': (req) => (started ? found(req) : notFound(req)),
    });
    await advance();
    expect(screen.getByText('Hello')).toBeTruthy();
    started = true;
    await advance(2000);
    await advance();
    expect(messageTexts()).toEqual(['hi alice']);
    const asked = requests.filter((r) => r.path === '/svc/conversations/messages').length;
    // Started: it hears the conversation on its channel and stops asking.
    await advance(6000);
    expect(requests.filter((r) => r.path === '/svc/conversations/messages')).toHaveLength(asked);
  });

  it("says 'Seen' under my last message once the other side read up to its second", async () => {
    const mine = wireMessage(3, 'alice', 'see you', 1_795_000_012_345);
    const { realtime } = renderConversation(byId, {
      'GET /svc/conversations/messages': () => ({
        response: { conversation: wireConversation(), messages: { data: [mine], _links: {} } } satisfies MessagesAnswer,
      }),
    });
    await advance();
    expect(screen.queryByText('Seen')).toBeNull();
    await act(async () => {
      realtime.emit({ channel: 'conversation:42', seq: 6, event: 'read', data: { conversation_id: 42, participant: 'bob', last_read_ts: 1_795_000_012 } });
    });
    expect(screen.getByText('Seen')).toBeTruthy();
  });

  it('shows messages arriving on conversation:{id} live, once each', async () => {
    const { realtime } = renderConversation(byId, { 'GET /svc/conversations/messages': found });
    await advance();
    expect(realtime.channels()).toContain('conversation:42');
    const event = { channel: 'conversation:42', seq: 5, event: 'message' as const, data: wireMessage(2, 'bob', 'still there?') };
    await act(async () => {
      realtime.emit(event);
      realtime.emit(event);
    });
    expect(messageTexts()).toEqual(['hi alice', 'still there?']);
  });

  it('polls every 2 s while the socket is down, and not while it is open', async () => {
    const down = renderConversation(byId, { 'GET /svc/conversations/messages': found }, 'closed');
    await advance();
    const gets = () => down.requests.filter((r) => r.method === 'GET').length;
    expect(gets()).toBe(1);
    await advance(2000);
    expect(gets()).toBe(2);
    await advance(2000);
    expect(gets()).toBe(3);
    down.setRealtimeStatus('open');
    await advance(10_000);
    expect(gets()).toBe(3);
  });

  it("asks 'Close without sending?' before closing over typed text", async () => {
    const { onClose } = renderConversation(byId, { 'GET /svc/conversations/messages': found });
    await advance();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await advance();
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.change(screen.getByRole('textbox', { name: 'New message' }), { target: { value: 'draft' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await advance();
    const confirm = screen.getByRole('alertdialog');
    expect(within(confirm).getByText('Close without sending?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await advance();
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await advance();
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    await advance();
    expect(onClose).toHaveBeenCalledTimes(2);
  });
  it('keeps unsent text while another conversation takes its place, and gives it back on return', async () => {
    const drafts = new Map<string, string>();
    const { client } = fakeApi({ 'GET /svc/conversations/messages': found });
    const open = () =>
      renderWithProviders(<ConversationPopover target={byId} onClose={() => {}} drafts={drafts} />, { client, user: user({ name: 'alice' }) });
    const first = open();
    await advance();
    fireEvent.change(screen.getByRole('textbox', { name: 'New message' }), { target: { value: 'half a thought' } });
    first.unmount();
    open();
    await advance();
    expect((screen.getByRole('textbox', { name: 'New message' }) as HTMLTextAreaElement).value).toBe('half a thought');
  });

  it('gives the message box the focus when it opens, so typing writes a message', async () => {
    renderConversation(byId, { 'GET /svc/conversations/messages': found });
    await advance();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'New message' }));
  });

  it('closes on Escape from inside it, asking first over typed text', async () => {
    const { onClose } = renderConversation(byId, { 'GET /svc/conversations/messages': found });
    await advance();
    const box = screen.getByRole('textbox', { name: 'New message' });
    fireEvent.keyDown(box, { key: 'Escape' });
    await advance();
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.change(box, { target: { value: 'draft' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    await advance();
    expect(within(screen.getByRole('alertdialog')).getByText('Close without sending?')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

});

describe('ConversationPopover, older messages', () => {
  it('loads the older page when scrolled to the top, puts it above, and stops at the last', async () => {
    const older = '/svc/conversations/messages?conversation_id=42&participant=alice.localhost&before=10';
    const { requests } = renderConversation(byId, {
      'GET /svc/conversations/messages': (req) =>
        req.query.get('before') === '10'
          ? { response: { conversation: wireConversation(), messages: { data: [wireMessage(5, 'bob', 'long ago')], _links: {} } } }
          : {
              response: {
                conversation: wireConversation(),
                messages: { data: [wireMessage(10, 'bob', 'recently')], _links: { next: { href: older, method: 'GET' } } },
              } satisfies MessagesAnswer,
            },
    });
    await act(async () => {});
    expect(messageTexts()).toEqual(['recently']);
    fireEvent.scroll(screen.getByRole('list', { name: 'Messages' }));
    await act(async () => {});
    expect(messageTexts()).toEqual(['long ago', 'recently']);
    const asked = requests.filter((r) => r.query.get('before') === '10');
    expect(asked).toHaveLength(1);
    // The last page has no further link: scrolling up again asks for nothing.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    fireEvent.scroll(screen.getByRole('list', { name: 'Messages' }));
    await act(async () => {});
    expect(requests.filter((r) => r.query.has('before'))).toHaveLength(1);
  });
});

describe('ConversationPopover: the message controls (spec 002)', () => {
  const openControls = async () => {
    await screen.findByText('hi alice');
    fireEvent.click(screen.getByRole('button', { name: 'Message controls' }));
    return screen.getByRole('menu', { name: 'Message controls' });
  };
  const confirmDialog = () => screen.findByRole('alertdialog');

  it('offers Block, Flag and Delete for a known sender, and blocks only after the sender confirmation', async () => {
    const { requests } = renderConversation(byId, {
      'GET /svc/conversations/messages': found,
      'POST /svc/block/add': () => ({ response: { blocked: true, changed: true } }),
    });
    const menu = await openControls();
    expect(within(menu).getAllByRole('menuitem').map((b) => b.textContent)).toEqual(['Block', 'Flag', 'Delete']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Block' }));
    const ask = await confirmDialog();
    expect(ask.textContent).toContain(
      "Block messages from this sender? Any further messages sent from their IP address will be blocked from your inbox. This can't be undone, by the way.",
    );
    // Nevermind: nothing is sent, nothing is said.
    fireEvent.click(within(ask).getByRole('button', { name: 'Nevermind' }));
    await act(async () => {});
    expect(requests.some((r) => r.path === '/svc/block/add')).toBe(false);
    expect(screen.queryByRole('status', { name: /blocked/ })).toBeNull();

    fireEvent.click(within(await openControls()).getByRole('menuitem', { name: 'Block' }));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('bob is blocked.')).toBeTruthy();
    const block = requests.find((r) => r.path === '/svc/block/add')!;
    expect([block.form.get('tumblelog'), block.form.get('blocked_tumblelog')]).toEqual(['alice', 'bob']);
  });

  it('closes an open menu on Escape, alone: the conversation stays', async () => {
    const { onClose } = renderConversation(byId, { 'GET /svc/conversations/messages': found });
    const menu = await openControls();
    fireEvent.keyDown(within(menu).getByRole('menuitem', { name: 'Block' }), { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('menu', { name: 'Message controls' })).toBeNull());
    expect(screen.queryByRole('menu', { name: 'Message controls' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'New message' }), { key: 'Escape' });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("lets the flag's thanks go after 4 s", async () => {
    renderConversation(byId, {
      'GET /svc/conversations/messages': found,
      'POST /svc/conversations/flag': () => ({ response: { conversation_id: 42, flagged: true } }),
    });
    fireEvent.click(within(await openControls()).getByRole('menuitem', { name: 'Flag' }));
    expect(await screen.findByText('Thanks: this conversation was reported.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Thanks: this conversation was reported.')).toBeNull(), { timeout: 6000 });
  }, 10_000);

  it('offers only Delete when the other blog is one of the user’s own', async () => {
    const own: ConversationTarget = { ...byId, recipients: ['alice-art'] };
    const conversation = { ...wireConversation(), participants: [wireParticipant('alice'), wireParticipant('alice-art')] };
    renderWithProviders(<ConversationPopover target={own} onClose={() => {}} />, {
      client: fakeApi({
        'GET /svc/conversations/messages': () => ({
          response: { conversation, messages: { data: [wireMessage(1, 'alice-art', 'hi alice')], _links: {} } } satisfies MessagesAnswer,
        }),
      }).client,
      user: user({ blogs: [userBlog('alice', { isCurrent: true, isPrimary: true }), userBlog('alice-art')] }),
    });
    const menu = await openControls();
    expect(within(menu).getAllByRole('menuitem').map((b) => b.textContent)).toEqual(['Delete']);
  });

  it('deletes after its confirmation and closes; flags with a thank-you', async () => {
    const { requests, onClose } = renderConversation(byId, {
      'GET /svc/conversations/messages': found,
      'POST /svc/conversations/delete': () => ({ response: { conversation_id: 42, deleted: true } }),
      'POST /svc/conversations/flag': () => ({ response: { conversation_id: 42, flagged: true } }),
    });
    fireEvent.click(within(await openControls()).getByRole('menuitem', { name: 'Flag' }));
    expect(await screen.findByText('Thanks: this conversation was reported.')).toBeTruthy();
    expect(requests.find((r) => r.path === '/svc/conversations/flag')!.form.get('conversation_id')).toBe('42');

    fireEvent.click(within(await openControls()).getByRole('menuitem', { name: 'Delete' }));
    const ask = await confirmDialog();
    expect(ask.textContent).toContain('Are you sure you want to delete this?');
    fireEvent.click(within(ask).getByRole('button', { name: 'OK' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const deleted = requests.find((r) => r.path === '/svc/conversations/delete')!;
    expect([deleted.form.get('conversation_id'), deleted.form.get('participant')]).toEqual(['42', 'alice']);
  });
});
