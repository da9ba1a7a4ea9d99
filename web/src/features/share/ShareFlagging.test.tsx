import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { postFromWire } from '../../api/postModels';
import type { Flagged } from '../../api/types/Flagged';
import type { ShareModel } from '../../api/types/ShareModel';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { user } from '../../test/fixtures';
import { wirePost } from '../../test/postFixtures';
import { renderWithProviders } from '../../test/renderApp';
import { shareModel } from '../../test/shareFixtures';
import { PostView } from '../posts/components/PostView';

const THANKS = 'Thanks for telling us. Our moderators will take a look.';
const flagged: FakeRoute = () => ({ response: { flagged: true, message: THANKS } satisfies Flagged });

function renderPost(model: ShareModel, routes: Record<string, FakeRoute> = {}) {
  const api = fakeApi({ 'GET /svc/share/popover': () => ({ response: model }), 'POST /svc/post/flag': flagged, ...routes });
  const rendered = renderWithProviders(<PostView post={postFromWire(wirePost(5))} />, { client: api.client, user: user() });
  return { ...api, article: within(rendered.container).getByRole('article') };
}

async function openShare(article: HTMLElement) {
  fireEvent.click(within(article).getByRole('button', { name: 'Share' }));
  const popover = screen.getByRole('dialog', { name: 'Share this post' });
  await within(popover).findByRole('list', { name: 'Share options' });
  return popover;
}

describe('the share popover’s flagging', () => {
  it('is not offered when the model says no show_flagging', async () => {
    const popover = await openShare(renderPost(shareModel({ show_flagging: false })).article);
    expect(within(popover).queryByRole('button', { name: 'Flag this post' })).toBeNull();
  });

  it('is offered with show_flagging, as the last option', async () => {
    const popover = await openShare(renderPost(shareModel({ show_flagging: true })).article);
    const items = within(within(popover).getByRole('list', { name: 'Share options' })).getAllByRole('listitem');
    expect(items.at(-1)!.textContent).toBe('Flag this post');
  });

  it('enters the flag form; Cancel returns to the options with the focus on Flag this post', async () => {
    const { article, requests } = renderPost(shareModel({ show_flagging: true }));
    const popover = await openShare(article);
    fireEvent.click(within(popover).getByRole('button', { name: 'Flag this post' }));
    const form = within(popover).getByRole('form', { name: 'Flag this post' });
    expect(within(popover).queryByRole('list', { name: 'Share options' })).toBeNull();
    expect(within(form).getAllByRole('radio').map((r) => (r.closest('label') as HTMLElement).textContent!.trim())).toEqual([
      'Spam',
      'Harassment or hate',
      "Sensitive content that isn't marked",
      'Something else',
    ]);
    expect(document.activeElement).toBe(within(form).getByRole('radio', { name: 'Spam' }));

    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    within(popover).getByRole('list', { name: 'Share options' });
    expect(document.activeElement).toBe(within(popover).getByRole('button', { name: 'Flag this post' }));
    expect(requests.filter((r) => r.path === '/svc/post/flag')).toHaveLength(0);
  });

  it('sends the post’s flag, shows the server’s thanks, and Close closes the popover', async () => {
    const { article, requests } = renderPost(shareModel({ show_flagging: true }));
    const popover = await openShare(article);
    fireEvent.click(within(popover).getByRole('button', { name: 'Flag this post' }));
    fireEvent.click(within(popover).getByRole('radio', { name: 'Harassment or hate' }));
    fireEvent.change(within(popover).getByLabelText('Note (optional)'), { target: { value: 'Aimed at a reader' } });
    fireEvent.click(within(popover).getByRole('button', { name: 'Send' }));

    expect((await within(popover).findByRole('status')).textContent).toBe(THANKS);
    const sent = requests.find((r) => r.path === '/svc/post/flag')!;
    expect(Object.fromEntries(sent.form)).toEqual({
      post_id: '5',
      reason: 'harassment',
      note: 'Aimed at a reader',
      form_key: 'test-form-key',
    });
    // The thanks stay (no fading as after a share) until the person closes them.
    fireEvent.click(within(popover).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share this post' })).toBeNull());
  });

  it('shows a refusal beside the form and keeps what was chosen', async () => {
    const { article } = renderPost(shareModel({ show_flagging: true }), {
      'POST /svc/post/flag': () => ({
        status: 429,
        errors: [{ code: 'too_many_attempts', detail: 'Too many reports. Try again later.' }],
      }),
    });
    const popover = await openShare(article);
    fireEvent.click(within(popover).getByRole('button', { name: 'Flag this post' }));
    fireEvent.click(within(popover).getByRole('radio', { name: 'Spam' }));
    fireEvent.click(within(popover).getByRole('button', { name: 'Send' }));
    expect((await within(popover).findByRole('alert')).textContent).toBe('Too many reports. Try again later.');
    expect((within(popover).getByRole('radio', { name: 'Spam' }) as HTMLInputElement).checked).toBe(true);
    expect((within(popover).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
