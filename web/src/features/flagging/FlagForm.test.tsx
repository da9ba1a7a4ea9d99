import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FlagTarget } from '../../api/flagEndpoints';
import type { Flagged } from '../../api/types/Flagged';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { FlagForm } from '.';
import { canSendFlag, noteCharsLeft, reasonLabel } from './flagReasons';

const THANKS = 'Thanks for telling us. Our moderators will take a look.';
const flagged: FakeRoute = () => ({ response: { flagged: true, message: THANKS } satisfies Flagged });

function renderForm(target: FlagTarget, routes: Record<string, FakeRoute> = {}) {
  const onCancel = vi.fn();
  const onDone = vi.fn();
  const api = fakeApi({ 'POST /svc/post/flag': flagged, 'POST /svc/blog/flag': flagged, ...routes });
  renderWithProviders(<FlagForm target={target} onCancel={onCancel} onDone={onDone} />, { client: api.client, user: user() });
  const form = screen.getByRole('form', { name: target.kind === 'post' ? 'Flag this post' : 'Flag this blog' });
  const send = within(form).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
  return { ...api, form, send, onCancel, onDone };
}

const flagsSent = (requests: ReturnType<typeof fakeApi>['requests']) => requests.filter((r) => r.path.endsWith('/flag'));

describe('the flag form', () => {
  it('waits for a reason before Send may go', () => {
    const { form, send } = renderForm({ kind: 'post', postId: 7 });
    expect(send.disabled).toBe(true);
    fireEvent.click(within(form).getByRole('radio', { name: 'Spam' }));
    expect(send.disabled).toBe(false);
  });

  it('needs a note for Something else, and says so', () => {
    const { form, send } = renderForm({ kind: 'post', postId: 7 });
    fireEvent.click(within(form).getByRole('radio', { name: 'Something else' }));
    const note = within(form).getByLabelText('Note') as HTMLTextAreaElement;
    expect(note.required).toBe(true);
    expect(within(form).getByText('Say what is wrong in the note.')).toBeTruthy();
    expect(send.disabled).toBe(true);
    fireEvent.change(note, { target: { value: '   ' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(note, { target: { value: 'Copies my posts' } });
    expect(send.disabled).toBe(false);
    expect(within(form).queryByText('Say what is wrong in the note.')).toBeNull();
  });

  it('takes a note of 500 characters at most, counting what is left', () => {
    const { form } = renderForm({ kind: 'post', postId: 7 });
    const note = within(form).getByLabelText('Note (optional)') as HTMLTextAreaElement;
    expect(note.maxLength).toBe(500);
    expect(within(form).getByTestId('note-counter').textContent).toBe('500 characters left');
    fireEvent.change(note, { target: { value: 'x'.repeat(480) } });
    expect(within(form).getByTestId('note-counter').textContent).toBe('20 characters left');
  });

  it('sends a post’s flag: its id, the reason and the note; then the server’s thanks and Close', async () => {
    const { form, send, requests, onDone } = renderForm({ kind: 'post', postId: 7 });
    fireEvent.click(within(form).getByRole('radio', { name: "Sensitive content that isn't marked" }));
    fireEvent.change(within(form).getByLabelText('Note (optional)'), { target: { value: 'Not marked NSFW' } });
    fireEvent.click(send);
    expect(send.textContent).toBe('Sending…');
    expect((await screen.findByRole('status')).textContent).toBe(THANKS);
    expect(screen.queryByRole('form')).toBeNull();
    const sent = flagsSent(requests);
    expect(sent.map((r) => [r.path, Object.fromEntries(r.form)])).toEqual([
      ['/svc/post/flag', { post_id: '7', reason: 'sensitive', note: 'Not marked NSFW', form_key: 'test-form-key' }],
    ]);
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('sends a blog’s flag by its name', async () => {
    const { form, send, requests } = renderForm({ kind: 'blog', blog: 'bob' });
    fireEvent.click(within(form).getByRole('radio', { name: 'Spam' }));
    fireEvent.click(send);
    await screen.findByText(THANKS);
    expect(flagsSent(requests).map((r) => [r.path, Object.fromEntries(r.form)])).toEqual([
      ['/svc/blog/flag', { tumblelog: 'bob', reason: 'spam', note: '', form_key: 'test-form-key' }],
    ]);
  });

  it('shows a 400’s reason beside the form and keeps what was typed', async () => {
    const { form, send } = renderForm(
      { kind: 'blog', blog: 'bob' },
      { 'POST /svc/blog/flag': () => ({ status: 400, errors: [{ code: 'own_blog', detail: "You can't flag your own blog." }] }) },
    );
    fireEvent.click(within(form).getByRole('radio', { name: 'Harassment or hate' }));
    fireEvent.change(within(form).getByLabelText('Note (optional)'), { target: { value: 'Threats' } });
    fireEvent.click(send);
    expect((await within(form).findByRole('alert')).textContent).toBe("You can't flag your own blog.");
    expect((within(form).getByLabelText('Note (optional)') as HTMLTextAreaElement).value).toBe('Threats');
    expect(send.disabled).toBe(false);
  });

  it('Cancel sends nothing', () => {
    const { form, requests, onCancel } = renderForm({ kind: 'post', postId: 7 });
    fireEvent.click(within(form).getByRole('radio', { name: 'Spam' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(flagsSent(requests)).toHaveLength(0);
  });
});

describe('the flag rules', () => {
  it('name each reason, and a reason they do not know as it is', () => {
    expect(['spam', 'harassment', 'sensitive', 'other', 'copyright'].map(reasonLabel)).toEqual([
      'Spam',
      'Harassment or hate',
      "Sensitive content that isn't marked",
      'Something else',
      'copyright',
    ]);
  });

  it('let a flag go with a reason, and a note where one is needed', () => {
    expect(canSendFlag(null, 'words')).toBe(false);
    expect(canSendFlag('spam', '')).toBe(true);
    expect(canSendFlag('other', '')).toBe(false);
    expect(canSendFlag('other', 'words')).toBe(true);
    expect(canSendFlag('spam', 'x'.repeat(501))).toBe(false);
    expect(noteCharsLeft('abc')).toBe(497);
  });
});
