import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SavedPost } from '../../api/postModels';
import { deferred, fakeApi, type FakeAnswer, type FakeRoute } from '../../test/fakeApi';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { useSavedPosts } from '../posts/savedPosts';
import { useEffect, useEffectEvent } from 'react';
import { ComposerHost, preloadComposer, useComposer } from '.';
import { leaveWarningText } from './hooks/useLeaveWarning';
import { formData } from './model/testFormData';
import { saveAnswer, wirePost } from '../../test/postFixtures';

// The form's code is loaded lazily in the app; here, once, before the tests time anything.
beforeAll(() => preloadComposer(), 30_000);

function SavedListener({ onSaved }: { onSaved(answer: SavedPost): void }) {
  useSavedPosts(onSaved);
  return null;
}

function renderComposer(path: string, routes: Record<string, FakeRoute> = {}) {
  const saved: SavedPost[] = [];
  const api = fakeApi({
    'POST /svc/post/get_post_form_builder_data': () => ({ response: formData() }),
    'POST /svc/post/update': (req) => ({
      response: saveAnswer(wirePost(99, { tumblelog: req.form.get('channel_id') ?? '' })),
    }),
    ...routes,
  });
  const view = renderWithProviders(
    <>
      <SavedListener onSaved={(a) => saved.push(a)} />
      <ComposerHost />
    </>,
    { client: api.client, user: user(), path },
  );
  return { ...view, ...api, saved };
}

const dialog = () => screen.getByRole('dialog', { name: /post/i });

describe('the composer', () => {
  it('opens a new text post from its route and saves it', async () => {
    const { requests, saved, location } = renderComposer('/new/text');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    const save = within(dialog()).getByRole('button', { name: 'Post' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(title, { target: { value: 'Hello' } });
    expect((save as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    const form = requests.find((r) => r.path === '/svc/post/update')!.form;
    expect([form.get('channel_id'), form.get('post[type]'), form.get('post[one]'), form.get('post[state]')]).toEqual([
      'alice',
      'text',
      'Hello',
      '0',
    ]);
    expect(form.get('utc_offset')).toBe(String(-new Date().getTimezoneOffset()));
    // Saved: it closes, back to the base route.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history?.at(-1)).toBe('/dashboard');
  });

  it('lays the toolbar out in the spec order', async () => {
    renderComposer('/new/text');
    const toolbar = await screen.findByRole('toolbar', { name: 'Text formatting' });
    const names = within(toolbar)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(names.slice(0, 8)).toEqual([
      'Bold',
      'Italic',
      'Headline',
      'Link',
      'Strikethrough',
      'Ordered list',
      'Unordered list',
      'Blockquote',
    ]);
  });
});

describe('dismissing (spec 001 §4 Dismiss)', () => {
  it('closes at once when nothing was added', async () => {
    renderComposer('/new/text');
    await screen.findByRole('textbox', { name: 'Title' });
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("asks 'Discard this post?' once something was added; Nevermind keeps it, Discard closes", async () => {
    renderComposer('/new/text');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), { target: { value: 'Draft' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    const prompt = await screen.findByRole('alertdialog');
    expect(prompt.textContent).toContain('Discard this post?');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Nevermind' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(dialog()).toBeTruthy();
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("asks 'Discard edits to this post?' in edit mode, only after a change", async () => {
    const post = wirePost(7, { tumblelog: 'alice', is_mine: true, source: { one: 'Hello', two: '<p>Body</p>', three: '' } });
    renderComposer('/edit/7', { 'POST /svc/post/fetch': () => ({ response: { post, created_post: false, post_tumblelog: saveAnswer(post).post_tumblelog, post_context_page: 'dashboard' } }) });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect((title as HTMLInputElement).value).toBe('Hello');
    fireEvent.change(title, { target: { value: 'Hello again' } });
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Discard edits to this post?');
  });

  it('warns before the page is left with unsaved changes', async () => {
    renderComposer('/new/text');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), { target: { value: 'Draft' } });
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    // (jsdom's Event keeps returnValue a boolean; the text set on it is the spec's.)
    expect(leaveWarningText(false)).toBe('Sure you want to leave this page without saving? Your post will be discarded.');
    expect(leaveWarningText(true)).toBe('All your edits will be lost.');
  });
});

describe('Escape (spec 001 §2): closes the form and returns to the base route', () => {
  const fetched = (post: ReturnType<typeof wirePost>) => ({
    response: { post, created_post: false, post_tumblelog: saveAnswer(post).post_tumblelog, post_context_page: 'dashboard' },
  });

  it.each([
    // [the page it was opened over, the composer's route]
    ['/dashboard', '/new/text'],
    ['/blog/alice', '/blog/alice/new/text'],
    ['/blog/alice', '/edit/7'],
    ['/likes', '/reblog/7/k7'],
  ])('from %s, %s closes back to it', async (page, route) => {
    const post = wirePost(7, { tumblelog: 'alice', is_mine: true, source: { one: 'Hello', two: '<p>Body</p>', three: '' } });
    const { location } = renderComposer(page, { 'POST /svc/post/fetch': () => fetched(post) });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => location.navigate(route));
    const title = await screen.findByRole('textbox', { name: /Title|Your comment/ });
    expect(location.history?.at(-1)).toBe(route);
    fireEvent.keyDown(title, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history?.at(-1)).toBe(page);
  });

  it('also while the form is still loading', async () => {
    const data = deferred<FakeAnswer>();
    const { location } = renderComposer('/blog/alice/drafts/new/text', {
      'POST /svc/post/get_post_form_builder_data': () => data.promise,
    });
    const loading = await screen.findByRole('dialog');
    fireEvent.keyDown(loading, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history?.at(-1)).toBe('/blog/alice/drafts');
    await act(async () => data.resolve({ response: formData() }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('saving', () => {
  it('shows every message of the errors map in the error bar, re-enables the form, and hides the bar on a change', async () => {
    renderComposer('/new/text', {
      'POST /svc/post/update': () => ({
        status: 400,
        errors: [
          { code: 'invalid_post', field: 'post[two]', detail: 'Post body empty.' },
          { code: 'invalid_post', field: 'post[state]', detail: 'Invalid "state" value' },
        ],
      }),
    });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    fireEvent.change(title, { target: { value: 'Hello' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Post' }));
    const bar = await screen.findByRole('alert');
    expect(bar.innerHTML).toBe('Post body empty.<br>Invalid "state" value');
    await waitFor(() => expect((within(dialog()).getByRole('button', { name: 'Post' }) as HTMLButtonElement).disabled).toBe(false));
    // Unlocking the body's editor is no edit: the bar stays until the user changes something.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('alert').innerHTML).toBe('Post body empty.<br>Invalid "state" value');
    fireEvent.change(title, { target: { value: 'Hello!' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves with Ctrl+Enter only when the post is valid', async () => {
    const { requests } = renderComposer('/new/quote');
    const quote = await screen.findByRole('textbox', { name: 'Quote' });
    fireEvent.keyDown(quote, { key: 'Enter', ctrlKey: true });
    expect(requests.some((r) => r.path === '/svc/post/update')).toBe(false);
    fireEvent.change(quote, { target: { value: 'To be.' } });
    fireEvent.keyDown(quote, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(requests.some((r) => r.path === '/svc/post/update')).toBe(true));
  });

  it('sends the state chosen in the dropdown, with the label it gives the button', async () => {
    const { requests } = renderComposer('/new/text');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), { target: { value: 'Hi' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save options' }));
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Schedule' }));
    const when = screen.getByRole('textbox', { name: 'Publish on' }) as HTMLInputElement;
    expect(when.value).toBe('Next Tuesday, 10am');
    // The save button is disabled while the dropdown is open; enter closes it.
    expect((within(dialog()).getByRole('button', { name: 'Schedule' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(when, { key: 'Enter' });
    const save = within(dialog()).getByRole('button', { name: 'Schedule' });
    fireEvent.click(save);
    await waitFor(() => expect(requests.some((r) => r.path === '/svc/post/update')).toBe(true));
    const form = requests.find((r) => r.path === '/svc/post/update')!.form;
    expect([form.get('post[state]'), form.get('post[publish_on]')]).toEqual(['on.2', 'Next Tuesday, 10am']);
  });

  it('starts a new post from the drafts page as a draft', async () => {
    renderComposer('/blog/alice/drafts/new/text');
    await screen.findByRole('textbox', { name: 'Title' });
    expect(within(dialog()).getByRole('button', { name: 'Save draft' })).toBeTruthy();
  });
});

describe('reblogging', () => {
  it("alerts 'This post cannot be reblogged.' on a 403 and closes", async () => {
    const { location } = renderComposer('/reblog/7/wrong', {
      'POST /svc/post/fetch': () => ({ status: 403, errors: [{ code: 'not_rebloggable', detail: 'This post cannot be reblogged.' }] }),
    });
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('This post cannot be reblogged.');
    fireEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history?.at(-1)).toBe('/dashboard');
  });

  it('shows the tree, lets the reblogs be removed and put back, and sends the reblog', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const parent = wirePost(7, { reblog_key: 'k7', content: { type: 'text', title: 'Hello', body: '<p>Original words</p>' } });
    const { requests } = renderComposer('/reblog/7/k7', {
      'POST /svc/post/fetch': () => ({ response: { post: parent, created_post: false, post_tumblelog: saveAnswer(parent).post_tumblelog, post_context_page: 'dashboard' } }),
      'POST /svc/post/update': () => ({ response: saveAnswer(wirePost(8, { tumblelog: 'alice', is_reblog: true }), { message: 'Reblogged to alice.' }) }),
    });
    await screen.findByRole('list', { name: 'Reblog trail' });
    expect(screen.getByText('Original words')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove reblogs' }));
    expect(screen.queryByRole('list', { name: 'Reblog trail' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Put reblogs back' }));
    expect(screen.getByRole('list', { name: 'Reblog trail' })).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Reblog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const form = requests.find((r) => r.path === '/svc/post/update')!.form;
    expect([form.get('reblog_post_id'), form.get('reblog_key'), form.get('remove_reblog_tree')]).toEqual(['7', 'k7', '0']);
    // The toast comes 250 ms later.
    expect(screen.getByRole('status').textContent).toBe('');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(screen.getByRole('status').textContent).toBe('Reblogged to alice.');
    vi.useRealTimers();
  });
});

describe('after save (spec 001 §4)', () => {
  /** Counts how often the page under the composer is loaded (App keys its routes by pageLoads). */
  function PageUnderComposer({ onLoad }: { onLoad(): void }) {
    const { pageLoads } = useComposer();
    return <LoadProbe key={pageLoads} onLoad={onLoad} />;
  }
  function LoadProbe({ onLoad }: { onLoad(): void }) {
    const loaded = useEffectEvent(onLoad);
    useEffect(() => loaded(), []);
    return null;
  }

  async function saveTextPost(label = 'Post') {
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), { target: { value: 'Hello' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: label }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }

  it('reloads the page to the base route in queue context', async () => {
    const loads = vi.fn();
    const api = fakeApi({
      'POST /svc/post/get_post_form_builder_data': () => ({ response: formData() }),
      'POST /svc/post/update': () => ({ response: saveAnswer(wirePost(99, { tumblelog: 'alice', state: 'queued' })) }),
    });
    const { location } = renderWithProviders(
      <>
        <PageUnderComposer onLoad={loads} />
        <ComposerHost />
      </>,
      { client: api.client, user: user(), path: '/blog/alice/queue/new/text' },
    );
    await screen.findByRole('textbox', { name: 'Title' });
    expect(loads).toHaveBeenCalledTimes(1);
    await saveTextPost('Queue');
    expect(loads).toHaveBeenCalledTimes(2);
    expect(location.history?.at(-1)).toBe('/blog/alice/queue');
  });

  it('does not reload the page elsewhere', async () => {
    const loads = vi.fn();
    const api = fakeApi({
      'POST /svc/post/get_post_form_builder_data': () => ({ response: formData() }),
      'POST /svc/post/update': () => ({ response: saveAnswer(wirePost(99, { tumblelog: 'alice' })) }),
    });
    renderWithProviders(
      <>
        <PageUnderComposer onLoad={loads} />
        <ComposerHost />
      </>,
      { client: api.client, user: user(), path: '/blog/alice/drafts/new/text' },
    );
    await saveTextPost('Save draft');
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('shows the toast 250 ms after a save from a tagged page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderComposer('/blog/alice/tagged/art/new/text', {
      'POST /svc/post/update': () => ({ response: saveAnswer(wirePost(99, { tumblelog: 'alice' }), { message: 'Posted to alice.' }) }),
    });
    await saveTextPost();
    expect(screen.getByRole('status').textContent).toBe('');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(screen.getByRole('status').textContent).toBe('Posted to alice.');
    vi.useRealTimers();
  });

  it('shows the toast when no post was created', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderComposer('/new/text', {
      'POST /svc/post/update': () => ({ response: saveAnswer(wirePost(99, { tumblelog: 'alice' }), { message: 'Saved.', created_post: false }) }),
    });
    await saveTextPost();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(screen.getByRole('status').textContent).toBe('Saved.');
    vi.useRealTimers();
  });

  it('shows no toast after an ordinary new post on the dashboard', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderComposer('/new/text', {
      'POST /svc/post/update': () => ({ response: saveAnswer(wirePost(99, { tumblelog: 'alice' }), { message: 'Posted to alice.' }) }),
    });
    await saveTextPost();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.getByRole('status').textContent).toBe('');
    vi.useRealTimers();
  });
});

describe('the photo form from an address (spec 001 §2)', () => {
  it('reads src, caption and tags from the query, then the address is plain /new/photo', async () => {
    const { requests, location } = renderComposer('/new/photo?src=https%3A%2F%2Fexample.com%2Fsea.png&caption=Low%20tide%20%3C3&tags=sea,%20sky', {
      'POST /svc/post/upload_image_url': () => ({ response: { url: '/media/sea.png', width: 640, height: 480, error: null } }),
    });
    const form = await screen.findByRole('dialog', { name: 'New photo post' });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/new/photo'));
    await waitFor(() => expect(within(form).getByRole('img', { hidden: true })).toBeTruthy());
    expect(requests.find((r) => r.path === '/svc/post/upload_image_url')!.form.get('url')).toBe('https://example.com/sea.png');
    expect(within(form).getByRole('textbox', { name: 'Caption' }).textContent).toBe('Low tide <3');
    const tags = within(form).getByRole('list', { name: 'Tags of this post' });
    expect(within(tags).getAllByRole('listitem').map((li) => li.textContent?.replace('×', '').trim())).toEqual(['#sea', '#sky']);
  });
});
