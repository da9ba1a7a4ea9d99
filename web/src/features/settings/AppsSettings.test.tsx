import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppView } from '../../api/types/AppView';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { formatPostDate } from '../posts/postDate';
import { AppsSettings, revokeConfirmation } from './AppsSettings';

const MADE = 1_795_000_000;

const app = (id: number, name: string, lastUsedAt: number | null = null): AppView => ({
  id,
  name,
  created_at: MADE + id,
  last_used_at: lastUsedAt,
});

/** A server holding `apps` (newest first): create puts one first, revoke takes one out. */
function renderApps(start: AppView[], routes: Record<string, FakeRoute> = {}) {
  let apps = [...start];
  const api = fakeApi({
    'GET /svc/user/apps': () => ({ response: { apps } }),
    'POST /svc/user/apps/create': (req) => {
      const made = app(10, req.form.get('name')!);
      apps = [made, ...apps];
      return { response: { app: made, token: 'dwapp_secret123' } };
    },
    'POST /svc/user/apps/revoke': (req) => {
      apps = apps.filter((a) => a.id !== Number(req.form.get('id')));
      return { response: { apps } };
    },
    ...routes,
  });
  renderWithProviders(<AppsSettings />, { client: api.client, user: user() });
  return api;
}

const listed = () =>
  within(screen.getByRole('list', { name: 'Apps' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('AppsSettings', () => {
  it('lists the apps, newest first, with when each was made and last used', async () => {
    renderApps([app(2, 'feed-importer', MADE + 500), app(1, 'ci-bot')]);
    const importer = await screen.findByRole('listitem', { name: 'feed-importer' });
    expect(listed()).toEqual(['feed-importer', 'ci-bot']);
    expect(importer.textContent).toContain(`Made on ${formatPostDate(MADE + 2)}`);
    expect(importer.textContent).toContain(`Last used ${formatPostDate(MADE + 500)}`);
    expect(screen.getByRole('listitem', { name: 'ci-bot' }).textContent).toContain('Never used');
  });

  it('says when there are none', async () => {
    renderApps([]);
    expect(await screen.findByText('No apps yet.')).toBeTruthy();
  });

  it('makes an app and shows its token once, read-only with Copy and how to use it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { requests } = renderApps([app(1, 'ci-bot')]);
    await screen.findByRole('listitem', { name: 'ci-bot' });
    const name = screen.getByLabelText('App name') as HTMLInputElement;
    fireEvent.change(name, { target: { value: '  my script ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make a token' }));

    const token = (await screen.findByLabelText('Token for my script')) as HTMLInputElement;
    expect(token.readOnly).toBe(true);
    expect(token.value).toBe('dwapp_secret123');
    expect(screen.getByText('Copy this token now: it will not be shown again.')).toBeTruthy();
    expect(screen.getByText(/Authorization: Bearer <token>/)).toBeTruthy();
    expect(screen.getByText('POST /svc/post/update')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await screen.findByRole('button', { name: 'Copied!' });
    expect(writeText).toHaveBeenCalledWith('dwapp_secret123');

    // The new app is first in the list, and the form is empty for the next one.
    expect(listed()).toEqual(['my script', 'ci-bot']);
    expect(name.value).toBe('');
    const sent = requests.filter((r) => r.path === '/svc/user/apps/create').map((r) => [r.form.get('name'), r.form.get('form_key')]);
    expect(sent).toEqual([['my script', 'test-form-key']]);
  });

  it.each([
    [409, 'app_name_taken', 'You already have an app called ci-bot.'],
    [400, 'invalid_app_name', 'App names are 1 to 50 characters.'],
    [400, 'too_many_apps', 'You can have at most 20 apps.'],
  ] as const)('shows the server’s words when it refuses a new app (%s %s)', async (status, code, detail) => {
    renderApps([app(1, 'ci-bot')], { 'POST /svc/user/apps/create': () => ({ status, errors: [{ code, detail }] }) });
    await screen.findByRole('listitem', { name: 'ci-bot' });
    fireEvent.change(screen.getByLabelText('App name'), { target: { value: 'ci-bot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make a token' }));
    const form = screen.getByRole('form', { name: 'Make an app token' });
    expect((await within(form).findByRole('alert')).textContent).toBe(detail);
    expect(screen.queryByLabelText(/Token for/)).toBeNull();
    // What was typed stays, to be corrected.
    expect((screen.getByLabelText('App name') as HTMLInputElement).value).toBe('ci-bot');
    expect(listed()).toEqual(['ci-bot']);
  });

  it('revokes an app only after the confirmation, and lists what the server answers', async () => {
    const { requests } = renderApps([app(2, 'feed-importer'), app(1, 'ci-bot')]);
    const row = await screen.findByRole('listitem', { name: 'ci-bot' });
    const revoke = within(row).getByRole('button', { name: 'Revoke' });

    fireEvent.click(revoke);
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(revokeConfirmation('ci-bot'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((r) => r.path === '/svc/user/apps/revoke')).toBe(false);

    fireEvent.click(revoke);
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(listed()).toEqual(['feed-importer']));
    const sent = requests.filter((r) => r.path === '/svc/user/apps/revoke').map((r) => [r.form.get('id'), r.form.get('form_key')]);
    expect(sent).toEqual([['1', 'test-form-key']]);
  });

  it('stops showing a new token once its app is revoked', async () => {
    renderApps([]);
    await screen.findByText('No apps yet.');
    fireEvent.change(screen.getByLabelText('App name'), { target: { value: 'ci-bot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make a token' }));
    await screen.findByLabelText('Token for ci-bot');
    fireEvent.click(within(screen.getByRole('listitem', { name: 'ci-bot' })).getByRole('button', { name: 'Revoke' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    await screen.findByText('No apps yet.');
    expect(screen.queryByLabelText('Token for ci-bot')).toBeNull();
  });

  it('shows a revoke the server refuses beside the app', async () => {
    renderApps([app(1, 'ci-bot')], {
      'POST /svc/user/apps/revoke': () => ({ status: 404, errors: [{ code: 'not_found', detail: 'No such app.' }] }),
    });
    const row = await screen.findByRole('listitem', { name: 'ci-bot' });
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    expect((await within(row).findByRole('alert')).textContent).toBe('No such app.');
    expect(listed()).toEqual(['ci-bot']);
  });

  it('offers to try again when the list cannot be read', async () => {
    let fail = true;
    renderApps([app(1, 'ci-bot')], {
      'GET /svc/user/apps': () =>
        fail
          ? { status: 500, errors: [{ code: 'internal', detail: 'Something went wrong.' }] }
          : { response: { apps: [app(1, 'ci-bot')] } },
    });
    const again = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(again);
    expect(await screen.findByRole('listitem', { name: 'ci-bot' })).toBeTruthy();
  });
});
