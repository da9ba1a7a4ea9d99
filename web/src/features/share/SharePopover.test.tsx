import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postFromWire } from '../../api/postModels';
import type { Post as WirePost } from '../../api/types/Post';
import type { ShareModel } from '../../api/types/ShareModel';
import { PostView } from '../posts/components/PostView';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { user } from '../../test/fixtures';
import { wirePost } from '../../test/postFixtures';
import { POST_URL, shareModel } from '../../test/shareFixtures';
import { renderWithProviders } from '../../test/renderApp';

const enc = encodeURIComponent;

const shared: FakeRoute = (req) => ({ response: { network: req.path.split('/').pop(), delivered: true } });

function renderPost(
  { wire = wirePost(5), model = shareModel(), routes = {}, visitor = false }: {
    wire?: WirePost;
    model?: ShareModel;
    routes?: Record<string, FakeRoute>;
    visitor?: boolean;
  } = {},
) {
  const api = fakeApi({ 'GET /svc/share/popover': () => ({ response: model }), 'POST /svc/share/*': shared, ...routes });
  const rendered = renderWithProviders(<PostView post={postFromWire(wire)} />, {
    client: api.client,
    user: visitor ? null : user(),
  });
  return { ...api, ...rendered, article: within(rendered.container).getByRole('article') };
}

/** Opens the popover and waits for its options. */
async function openShare(article: HTMLElement) {
  fireEvent.click(within(article).getByRole('button', { name: 'Share' }));
  const popover = screen.getByRole('dialog', { name: 'Share this post' });
  await within(popover).findByRole('list', { name: 'Share options' });
  return popover;
}

const sentForm = (requests: ReturnType<typeof fakeApi>['requests'], path: string) =>
  requests.find((r) => r.method === 'POST' && r.path === path)?.form;

// Node's, left real by the fake timers below (declared here: the app's types have no Node).
declare const setImmediate: (callback: () => void) => unknown;

/** Lets fake answers arrive while setTimeout is faked (a real macrotask at a time). */
async function settle(check: () => boolean) {
  for (let i = 0; i < 50 && !check(); i++) await act(() => new Promise<void>((r) => setImmediate(r)));
}

let opened: ReturnType<typeof vi.fn>;
beforeEach(() => {
  opened = vi.fn(() => null);
  vi.spyOn(window, 'open').mockImplementation(opened as unknown as typeof window.open);
  document.cookie = 'share_popover_reply_to=; max-age=0; path=/';
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the Share button', () => {
  it('is on a published post only: not on a private post, a draft or a queued post', () => {
    const shares = (state: WirePost['state']) =>
      within(renderPost({ wire: wirePost(5, { is_mine: true, state }) }).article).queryAllByRole('button', { name: 'Share' }).length;
    expect(shares('private')).toBe(0);
    expect(shares('draft')).toBe(0);
    expect(shares('queued')).toBe(0);
    expect(shares('published')).toBe(1);
  });

  it('opens the options by their flags, with the focus on the first; Escape closes it and gives the focus back', async () => {
    const { article, requests } = renderPost({ model: shareModel({ show_pinterest: false }) });
    const popover = await openShare(article);
    expect(requests.find((r) => r.path === '/svc/share/popover')!.query.get('post_id')).toBe('5');
    const options = within(popover).getByRole('list', { name: 'Share options' });
    const labels = within(options).getAllByRole('listitem').map((li) => li.firstElementChild!.textContent);
    expect(labels).toEqual(['Email', 'Twitter', 'Facebook', 'Embed', 'Permalink', 'Reddit']);
    expect(within(options).getByRole('link', { name: 'Permalink' }).getAttribute('href')).toBe(POST_URL);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Email'));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Share this post' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(article).getByRole('button', { name: 'Share' })));
  });

  it('shows the server’s reason when the post cannot be shared', async () => {
    const { article } = renderPost({
      routes: { 'GET /svc/share/popover': () => ({ status: 404, errors: [{ code: 'not_found', detail: 'No such post.' }] }) },
    });
    fireEvent.click(within(article).getByRole('button', { name: 'Share' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No such post.');
  });
});

describe('the form modes', () => {
  it('Cancel returns to the options, with the focus on the option left', async () => {
    const { article } = renderPost();
    const popover = await openShare(article);
    for (const [option, form] of [
      ['Email', 'Share by email'],
      ['Twitter', 'Share on Twitter'],
      ['Facebook', 'Share on Facebook'],
      ['Embed', 'Embed this post'],
    ]) {
      fireEvent.click(within(popover).getByRole('button', { name: option }));
      expect(within(popover).getByRole(option === 'Embed' ? 'group' : 'form', { name: form })).toBeTruthy();
      expect(within(popover).queryByRole('list', { name: 'Share options' })).toBeNull();
      fireEvent.click(within(popover).getByRole('button', { name: 'Cancel' }));
      within(popover).getByRole('list', { name: 'Share options' });
      expect(document.activeElement).toBe(within(popover).getByRole('button', { name: option }));
    }
  });

  it('email: Send waits for an address; the message’s counter shows from 140 left', async () => {
    const { article } = renderPost();
    const popover = await openShare(article);
    fireEvent.click(within(popover).getByRole('button', { name: 'Email' }));
    const address = within(popover).getByLabelText('Email address') as HTMLInputElement;
    expect(document.activeElement).toBe(address);
    expect(address.maxLength).toBe(100);
    const send = within(popover).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(address, { target: { value: 'carol@example' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(address, { target: { value: 'carol@example.com' } });
    expect(send.disabled).toBe(false);

    const message = within(popover).getByLabelText('Message (optional)') as HTMLTextAreaElement;
    expect(message.maxLength).toBe(255);
    fireEvent.change(message, { target: { value: 'x'.repeat(114) } });
    expect(within(popover).queryByTestId('message-counter')).toBeNull();
    fireEvent.change(message, { target: { value: 'x'.repeat(115) } });
    expect(within(popover).getByTestId('message-counter').textContent).toBe('140');
  });

  it('email: Sending… while it goes, Sent! once it went, then the popover fades out after 1250 ms', async () => {
    const { article, requests } = renderPost();
    const popover = await openShare(article);
    fireEvent.click(within(popover).getByRole('button', { name: 'Email' }));
    fireEvent.change(within(popover).getByLabelText('Email address'), { target: { value: 'carol@example.com' } });
    fireEvent.change(within(popover).getByLabelText('Message (optional)'), { target: { value: 'Look at this' } });
    fireEvent.click(within(popover).getByRole('checkbox', { name: 'Allow replies' }));
    expect(document.cookie).toContain('share_popover_reply_to=1');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const send = within(popover).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    fireEvent.click(send);
    expect(send.textContent).toBe('Sending…');
    expect(send.disabled).toBe(true);
    await settle(() => send.textContent === 'Sent!');
    expect(send.textContent).toBe('Sent!');
    expect(send.disabled).toBe(true);
    const form = sentForm(requests, '/svc/share/email')!;
    expect(Object.fromEntries(form)).toEqual({
      post_id: '5',
      tumblelog_name: 'bob',
      email_address: 'carol@example.com',
      message: 'Look at this',
      allow_reply_to: 'true',
      form_key: 'test-form-key',
    });

    act(() => vi.advanceTimersByTime(1249));
    expect(popover.className).not.toContain('is-fading');
    act(() => vi.advanceTimersByTime(1));
    expect(popover.className).toContain('is-fading');
    act(() => vi.advanceTimersByTime(150));
    expect(screen.queryByRole('dialog', { name: 'Share this post' })).toBeNull();
  });

  it('email: a refusal says Error!, gives the button back and shows the server’s reason', async () => {
    const { article } = renderPost({
      routes: {
        'POST /svc/share/email': () => ({
          status: 429,
          errors: [{ code: 'too_many_attempts', detail: "You've shared by email 10 times in the last hour. Try again later." }],
        }),
      },
    });
    const popover = await openShare(article);
    fireEvent.click(within(popover).getByRole('button', { name: 'Email' }));
    fireEvent.change(within(popover).getByLabelText('Email address'), { target: { value: 'carol@example.com' } });
    fireEvent.click(within(popover).getByRole('button', { name: 'Send' }));
    const alert = await within(popover).findByRole('alert');
    expect(alert.textContent).toBe("Error!You've shared by email 10 times in the last hour. Try again later.");
    const send = within(popover).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(false);
  });

  it('Ctrl+Enter sends the open form; Enter alone in the message does not', async () => {
    const { article, requests } = renderPost();
    const popover = await openShare(article);
    fireEvent.click(within(popover).getByRole('button', { name: 'Email' }));
    fireEvent.change(within(popover).getByLabelText('Email address'), { target: { value: 'carol@example.com' } });
    const message = within(popover).getByLabelText('Message (optional)');
    fireEvent.keyDown(message, { key: 'Enter' });
    expect(sentForm(requests, '/svc/share/email')).toBeUndefined();
    fireEvent.keyDown(message, { key: 'Enter', ctrlKey: true });
    await within(popover).findByRole('button', { name: 'Sent!' });
    expect(sentForm(requests, '/svc/share/email')!.get('allow_reply_to')).toBe('false');
  });

  it('a visitor’s Email opens the mail client and is recorded as a fallback', async () => {
    const { article, requests } = renderPost({ model: shareModel({ has_user: false }), visitor: true });
    const popover = await openShare(article);
    const email = within(popover).getByRole('link', { name: 'Email' });
    expect(email.getAttribute('href')).toMatch(/^mailto:\?subject=/);
    // jsdom does not open mail clients.
    email.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(email);
    await within(popover).findByText('Sent!');
    const form = sentForm(requests, '/svc/share/email')!;
    expect([form.get('share_fallback'), form.get('email_address')]).toEqual(['true', null]);
  });

  it('twitter: counts [URL] as 24, warns under 10, and Tweet opens its window and records it', async () => {
    const { article, requests } = renderPost();
    const popover = await openShare(article);
    fireEvent.click(within(popover).getByRole('button', { name: 'Twitter' }));
    const tweet = within(popover).getByLabelText('Your tweet') as HTMLTextAreaElement;
    expect(tweet.value).toBe('Harbour at noon [URL]');
    const counter = within(popover).getByTestId('tweet-counter');
    expect(counter.textContent).toBe(String(140 - 'Harbour at noon '.length - 24));
    const button = within(popover).getByRole('button', { name: 'Tweet' }) as HTMLButtonElement;

    fireEvent.change(tweet, { target: { value: '' } });
    expect(counter.textContent).toBe('140');
    expect(button.disabled).toBe(true);
    fireEvent.change(tweet, { target: { value: `${'x'.repeat(115)} [URL]` } });
    expect(counter.textContent).toBe('0');
    expect(counter.className).toContain('is-warning');
    fireEvent.change(tweet, { target: { value: `${'x'.repeat(116)} [URL]` } });
    expect(button.disabled).toBe(true);
    fireEvent.change(tweet, { target: { value: 'Look: [URL]' } });
    expect(counter.className).not.toContain('is-warning');

    fireEvent.click(button);
    expect(opened).toHaveBeenCalledWith(
      `https://twitter.com/intent/tweet?text=${enc('Look: ' + POST_URL).replace(/%20/g, '+')}`,
      'twitter',
      'width=626,height=258',
    );
    await within(popover).findByRole('button', { name: 'Sent!' });
    expect(sentForm(requests, '/svc/share/twitter')!.get('share_fallback')).toBe('true');
  });

  it('facebook: with no account connected, Share opens its window and records a fallback', async () => {
    const { article, requests } = renderPost({ routes: { 'POST /svc/facebook_status': () => ({ response: '' }) } });
    const popover = await openShare(article);
    fireEvent.click(within(popover).getByRole('button', { name: 'Facebook' }));
    fireEvent.click(within(popover).getByRole('button', { name: 'Share' }));
    await within(popover).findByRole('button', { name: 'Sent!' });
    expect(opened).toHaveBeenCalledWith(shareModel().facebook_window.url, 'facebook', 'width=626,height=436');
    expect(sentForm(requests, '/svc/share/facebook')!.get('share_fallback')).toBe('true');
  });

  it('embed: the code in a read-only box; Copy copies it and says Copied!', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { article } = renderPost();
    const popover = await openShare(article);
    fireEvent.click(within(popover).getByRole('button', { name: 'Embed' }));
    const code = within(popover).getByLabelText('Embed code') as HTMLTextAreaElement;
    expect(code.readOnly).toBe(true);
    expect(code.value).toBe(shareModel().embed_code);
    fireEvent.click(within(popover).getByRole('button', { name: 'Copy' }));
    await within(popover).findByRole('button', { name: 'Copied!' });
    expect(writeText).toHaveBeenCalledWith(shareModel().embed_code);
  });

  it('Pinterest and Reddit open their windows in their sizes and record fallbacks', async () => {
    const { article, requests } = renderPost();
    const popover = await openShare(article);
    fireEvent.click(within(popover).getByRole('button', { name: 'Reddit' }));
    expect(opened).toHaveBeenCalledWith(shareModel().reddit_window.url, 'reddit', 'width=860,height=600');
    await within(popover).findByText('Sent!');
    expect(sentForm(requests, '/svc/share/reddit')!.get('share_fallback')).toBe('true');
  });
});
