import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutboxMail } from '../../api/types/OutboxMail';
import { AccountPopover } from '../account';
import { fakeApi } from '../../test/fakeApi';
import { user, wireBlog } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { ADMINS_ONLY, NO_SMTP, OutboxPage, deliveryStatus } from '.';

function mail(id: number, extra: Partial<OutboxMail> = {}): OutboxMail {
  return {
    id,
    post_id: 5,
    to_address: `friend${id}@example.com`,
    reply_to: null,
    subject: 'alice shared a post from bob',
    body: `Look at this\n\nhttp://example.test/blog/bob/post/5`,
    created_at: 1_795_000_000,
    sent_at: null,
    attempts: 0,
    last_error: '',
    ...extra,
  };
}

function renderOutbox(isAdmin: boolean, smtp: boolean, mails: OutboxMail[]) {
  const api = fakeApi({ 'GET /svc/admin/outbox': () => ({ response: { smtp, mails } }) });
  renderWithProviders(<OutboxPage />, { client: api.client, user: user({ isAdmin }) });
  return api;
}

describe('the mail outbox page', () => {
  it('lists an administrator’s outbox: to, subject, created, sent or why not, the body on expand', async () => {
    renderOutbox(true, false, [
      mail(2, { attempts: 3, last_error: 'connection refused' }),
      mail(1, { sent_at: 1_795_000_060, attempts: 1 }),
    ]);
    const list = await screen.findByRole('list', { name: 'Mails' });
    expect(screen.getByRole('note').textContent).toBe(NO_SMTP);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('friend2@example.com')).toBeTruthy();
    expect(within(items[0]).getByText('alice shared a post from bob')).toBeTruthy();
    expect(within(items[0]).getByText('Not sent (3 attempts; last error: connection refused)')).toBeTruthy();
    expect(within(items[1]).getByText(/^Sent /)).toBeTruthy();
    const body = items[0].querySelector('details')!;
    expect(body.open).toBe(false);
    fireEvent.click(within(items[0]).getByText('Body'));
    expect(body.open).toBe(true);
    expect(within(body).getByText(/http:\/\/example\.test\/blog\/bob\/post\/5/)).toBeTruthy();
  });

  it('says nothing of SMTP when the server has one', async () => {
    renderOutbox(true, true, []);
    await screen.findByText('No mail yet.');
    expect(screen.queryByText(NO_SMTP)).toBeNull();
  });

  it('tells anyone else only administrators can see it, and asks nothing', () => {
    const { requests } = renderOutbox(false, false, [mail(1)]);
    expect(screen.getByText(ADMINS_ONLY)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Mails' })).toBeNull();
    expect(requests.filter((r) => r.path === '/svc/admin/outbox')).toHaveLength(0);
  });

  it('says how a mail that waits was tried', () => {
    expect(deliveryStatus({ sent_at: null, attempts: 0, last_error: '' })).toBe('Not sent (0 attempts)');
    expect(deliveryStatus({ sent_at: null, attempts: 1, last_error: 'timeout' })).toBe('Not sent (1 attempt; last error: timeout)');
  });
});

describe('the account menu’s Mail outbox', () => {
  const menuFor = (isAdmin: boolean) => {
    const { client } = fakeApi({ 'GET /svc/data/tumblelog': () => ({ response: wireBlog('alice', { is_mine: true }) }) });
    renderWithProviders(<AccountPopover onNavigate={() => {}} />, { client, user: user({ isAdmin }) });
    return screen.queryByRole('link', { name: 'Mail outbox' });
  };

  it('is there for administrators only', () => {
    expect(menuFor(true)?.getAttribute('href')).toBe('/admin/outbox');
  });

  it('is not there for anyone else', () => {
    expect(menuFor(false)).toBeNull();
  });
});
