import { fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { ComposerHost, preloadComposer } from '../composer';
import { DrawerHost } from '../drawer';
import { formData } from '../composer/model/testFormData';
import { saveAnswer, wirePost } from '../../test/postFixtures';
import { HeaderProvider, PageHeader } from '../header';
import { isMacPlatform, useFastComposeShortcut } from '.';

// The form's code is loaded lazily in the app; here, once, before the tests time anything.
beforeAll(() => preloadComposer(), 30_000);

function renderHeaderAndComposer(who = user()) {
  const api = fakeApi({
    'POST /svc/post/get_post_form_builder_data': () => ({ response: formData() }),
    'GET /svc/data/tumblelog': () => new Promise(() => {}),
    'POST /svc/post/update': () => ({ response: saveAnswer(wirePost(99)) }),
  });
  return renderWithProviders(
    <HeaderProvider>
      <PageHeader />
      <DrawerHost />
      <ComposerHost />
    </HeaderProvider>,
    { client: api.client, user: who, path: '/dashboard' },
  );
}

const key = (k: string, extra: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(document.body, { key: k, ...extra });
const selectedTile = () => screen.getAllByRole('button').find((b) => b.getAttribute('aria-current') === 'true');

describe('fast compose', () => {
  it('opens with z then c, moves with the keys (wrapping), and opens the chosen type without changing the URL', async () => {
    const { location } = renderHeaderAndComposer();
    key('z');
    key('c', { code: 'KeyC' });
    const tiles = await screen.findByRole('group', { name: 'Create a post' });
    expect(Array.from(tiles.querySelectorAll('.fast-compose__label')).map((label) => label.textContent)).toEqual([
      'Text',
      'Photo',
      'Quote',
      'Link',
      'Chat',
      'Audio',
      'Video',
    ]);
    key('ArrowLeft');
    expect(selectedTile()?.textContent).toContain('Video');
    key('c');
    expect(selectedTile()?.textContent).toContain('Text');
    key('Tab');
    key('ArrowRight');
    expect(selectedTile()?.textContent).toContain('Quote');
    key('C', { shiftKey: true });
    key('Tab', { shiftKey: true });
    expect(selectedTile()?.textContent).toContain('Text');
    key('ArrowLeft');
    expect(selectedTile()?.textContent).toContain('Video');
    key('Enter');
    expect(await screen.findByRole('dialog', { name: 'New video post' })).toBeTruthy();
    // The drawer slides out before it goes (spec 000 §9 Drawer: 200 ms).
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Create a post' })).toBeNull());
    expect(location.history?.at(-1)).toBe('/dashboard');
  });

  it('opens from the header button, selects on hover and creates on click', async () => {
    renderHeaderAndComposer();
    fireEvent.click(screen.getByRole('button', { name: 'Compose a post' }));
    const quote = screen.getByRole('button', { name: /Quote/ });
    // The tiles appearing under a resting pointer select nothing; moving over one does.
    fireEvent.mouseMove(quote, { movementX: 0, movementY: 0 });
    expect(quote.getAttribute('aria-current')).toBeNull();
    fireEvent.mouseMove(quote, { movementX: 3, movementY: 1 });
    expect(quote.getAttribute('aria-current')).toBe('true');
    fireEvent.click(quote);
    expect(await screen.findByRole('dialog', { name: 'New quote post' })).toBeTruthy();
  });

  it('gives the focus back to the compose button once the post it opened is saved', async () => {
    renderHeaderAndComposer();
    const compose = screen.getByRole('button', { name: 'Compose a post' });
    // As a browser does: the button pressed has the focus, and so does the tile clicked.
    compose.focus();
    fireEvent.click(compose);
    const text = await screen.findByRole('button', { name: /Text/ });
    text.focus();
    fireEvent.click(text);
    const dialog = await screen.findByRole('dialog', { name: 'New text post' });
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Title' }), { target: { value: 'Hello' } });
    // The drawer has slid out by the time the post is written.
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Create a post' })).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The modal gives the focus back in its (passive) effect's cleanup, which can run a
    // moment after the save's answer has removed it from the page.
    await waitFor(() => expect(document.activeElement).toBe(compose));
  });

  it('gives the focus back to the compose button when the post it opened is closed unsaved', async () => {
    renderHeaderAndComposer();
    const compose = screen.getByRole('button', { name: 'Compose a post' });
    compose.focus();
    fireEvent.click(compose);
    // Chosen with the keys: the tile moved to has the focus.
    key('ArrowRight');
    key('Enter');
    const dialog = await screen.findByRole('dialog', { name: 'New text post' });
    await within(dialog).findByRole('textbox', { name: 'Title' });
    expect(document.activeElement).not.toBe(compose);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Create a post' })).toBeNull());
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(compose);
  });

  it('does not open by shortcut for a user whose blog is suspended (spec 001 §2)', async () => {
    renderHeaderAndComposer(user({ isSuspended: true }));
    key('z');
    key('c', { code: 'KeyC' });
    // The panel opens within a tick when it opens (the test above finds it at once).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('group', { name: 'Create a post' })).toBeNull();
  });

  it('closes with escape', async () => {
    renderHeaderAndComposer();
    fireEvent.click(screen.getByRole('button', { name: 'Compose a post' }));
    key('Escape');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Create a post' })).toBeNull());
  });

  it('uses alt+c on a Mac, and ignores keys typed into a field', () => {
    const open = vi.fn();
    renderHook(() => useFastComposeShortcut(open, true, true));
    fireEvent.keyDown(document.body, { key: 'ç', code: 'KeyC', altKey: true });
    expect(open).toHaveBeenCalledTimes(1);
    const input = document.createElement('input');
    document.body.appendChild(input);
    fireEvent.keyDown(input, { key: 'ç', code: 'KeyC', altKey: true });
    expect(open).toHaveBeenCalledTimes(1);
    input.remove();
    expect(isMacPlatform({ platform: 'MacIntel', userAgent: '' })).toBe(true);
    expect(isMacPlatform({ platform: 'Win32', userAgent: '' })).toBe(false);
  });

  it('does nothing for a visitor', () => {
    const open = vi.fn();
    renderHook(() => useFastComposeShortcut(open, false, false));
    fireEvent.keyDown(document.body, { key: 'z' });
    fireEvent.keyDown(document.body, { key: 'c' });
    expect(open).not.toHaveBeenCalled();
  });
});
