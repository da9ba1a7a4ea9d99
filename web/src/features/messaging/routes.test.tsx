import { screen } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessagesAnswer } from '../../api/types/MessagesAnswer';
import { fakeApi } from '../../test/fakeApi';
import { user, userBlog, wireParticipant } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { advance } from '../../test/time';
import { PHONE_MEDIA_QUERY } from '../mobile';
import { useMessaging } from './MessagingContext';
import { MessagingLinkRoute, type MessagingLink } from './routes';

/**
 * The link route, and what it left behind: the inbox's mode and the popover it opened (the
 * page header's inbox popover, which the app opens for it).
 */
function LinkRoute({ link }: { link: MessagingLink }) {
  const { inboxMode } = useMessaging();
  const [popover, setPopover] = useState<'messaging' | null>(null);
  const openInboxPopover = useCallback(() => setPopover('messaging'), []);
  return (
    <>
      <MessagingLinkRoute link={link} openInboxPopover={openInboxPopover} />
      <output aria-label="state">{`${inboxMode} ${popover ?? 'none'}`}</output>
    </>
  );
}

function renderLink(link: MessagingLink, { phone, canMessage = true }: { phone: boolean; canMessage?: boolean }) {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: phone && media === PHONE_MEDIA_QUERY,
    media,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  const { client } = fakeApi({
    'GET /svc/conversations/messages': () => ({
      response: {
        conversation: {
          id: 7,
          status: 'ACTIVE',
          last_modified_ts: 1,
          last_read_ts: 1,
          unread: false,
          participants: [wireParticipant('alice'), wireParticipant('bob')],
          messages: { data: [], _links: {} },
        },
        messages: { data: [], _links: {} },
      } satisfies MessagesAnswer,
    }),
  });
  return renderWithProviders(
    <LinkRoute link={link} />,
    { client, user: user({ canMessage }), path: '/somewhere' },
  );
}

const state = () => screen.getByRole('status', { name: 'state' }).textContent;

describe('the messaging links (spec 000 §2.8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('open the conversation over the dashboard on a wide screen', async () => {
    const { location } = renderLink({ kind: 'conversation', id: 7 }, { phone: false });
    await advance();
    expect(location.history?.at(-1)).toBe('/dashboard');
    expect(screen.getByRole('dialog', { name: 'Conversation with bob' })).toBeTruthy();
  });

  it("open a conversation of another of the user's blogs as that blog", async () => {
    vi.stubGlobal('matchMedia', (media: string) => ({ matches: false, media, addEventListener: () => {}, removeEventListener: () => {} }));
    const { client, requests } = fakeApi({
      'GET /svc/conversations/messages': (req) =>
        req.query.get('participant')?.startsWith('alice-art')
          ? {
              response: {
                conversation: {
                  id: 7,
                  status: 'ACTIVE',
                  last_modified_ts: 1,
                  last_read_ts: 1,
                  unread: false,
                  participants: [wireParticipant('alice-art'), wireParticipant('carol')],
                  messages: { data: [], _links: {} },
                },
                messages: { data: [], _links: {} },
              } satisfies MessagesAnswer,
            }
          : { status: 404, errors: [{ code: 'not_found', detail: 'No such conversation for this blog.' }] },
    });
    renderWithProviders(
      <LinkRoute link={{ kind: 'conversation', id: 7 }} />,
      { client, user: user({ blogs: [userBlog('alice', { isCurrent: true }), userBlog('alice-art')] }), path: '/somewhere' },
    );
    await advance();
    await advance();
    expect(screen.getByRole('dialog', { name: 'Conversation with carol' })).toBeTruthy();
    expect(screen.queryByText('This blog does not have messaging enabled.')).toBeNull();
    expect(requests.map((r) => r.query.get('participant')?.split('.')[0])).toEqual(['alice', 'alice-art', 'alice-art']);
  });

  it('open it over the inbox page on a phone, which has no inbox popover', async () => {
    const { location } = renderLink({ kind: 'conversationWith', name: 'Bob' }, { phone: true });
    await advance();
    expect(location.history?.at(-1)).toBe('/messaging');
    expect(screen.getByRole('dialog', { name: 'Conversation with bob' })).toBeTruthy();
  });

  it('/messaging/new opens the inbox popover composing, or on a phone the inbox page composing', async () => {
    const wide = renderLink({ kind: 'compose' }, { phone: false });
    expect(state()).toBe('compose messaging');
    expect(wide.location.history?.at(-1)).toBe('/dashboard');
    wide.unmount();

    const phone = renderLink({ kind: 'compose' }, { phone: true });
    expect(state()).toBe('compose none');
    expect(phone.location.history?.at(-1)).toBe('/messaging');
  });

  it('send a user who may not message to the dashboard, phone or not', () => {
    const { location } = renderLink({ kind: 'compose' }, { phone: true, canMessage: false });
    expect(location.history?.at(-1)).toBe('/dashboard');
    expect(state()).toBe('list none');
  });
});
