// Spec 000 §4 Tour guide: while the tour is open it suspends keyboard shortcuts, the drawer and
// toasts, and resumes them when it closes.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SeenAtg } from '../../api/types/SeenAtg';
import { fakeApi } from '../../test/fakeApi';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { ComposerHost, preloadComposer, useComposer } from '../composer';
import { TOAST_DELAY_MS } from '../composer/constants';
import { DrawerHost, useDrawer } from '../drawer';
import { HeaderProvider, PageHeader } from '../header';

/** Opens a note in the drawer, and asks for a toast. */
function Controls() {
  const drawer = useDrawer();
  const { showToast } = useComposer();
  return (
    <>
      <button type="button" onClick={() => drawer.open({ key: 'note', label: 'Note', children: <p>A note</p> })}>
        Open the note
      </button>
      <button type="button" onClick={() => showToast('Posted to alice.')}>
        Toast
      </button>
    </>
  );
}

function renderWithTour() {
  const api = fakeApi({
    'POST /svc/post/set_seen_atg': () => ({ response: { seen_atg: true } satisfies SeenAtg }),
    'GET /svc/data/tumblelog': () => new Promise(() => {}),
  });
  return renderWithProviders(
    <HeaderProvider>
      <PageHeader />
      <Controls />
      <DrawerHost />
      <ComposerHost />
    </HeaderProvider>,
    { client: api.client, user: user({ seenAtg: false }), path: '/dashboard' },
  );
}

// Fast compose, opened at the end of a test, starts loading the composer's code: loaded first,
// so that no import is still under way when the test's environment is torn down (vitest
// reports that as an unhandled error).
beforeAll(() => preloadComposer(), 30_000);

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const toast = () => screen.getByRole('status');

describe('the tour guide suspends shortcuts, the drawer and toasts (spec 000 §4)', () => {
  it('while open, and resumes them when it closes', async () => {
    renderWithTour();
    fireEvent.click(screen.getByRole('button', { name: 'Open the note' }));
    const note = screen.getByRole('dialog', { name: 'Note' });

    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('heading', { name: "Don't freak out. Your things are right here." })).toBeTruthy();
    // The drawer is hidden, its content kept.
    expect(note.closest('.drawer-backdrop')!.hasAttribute('hidden')).toBe(true);
    // Fast compose's shortcut does nothing.
    fireEvent.keyDown(document.body, { key: 'z' });
    fireEvent.keyDown(document.body, { key: 'c', code: 'KeyC' });
    // A toast waits.
    fireEvent.click(screen.getByRole('button', { name: 'Toast' }));
    await pause(TOAST_DELAY_MS + 100);
    expect(toast().textContent).toBe('');
    expect(screen.queryByRole('group', { name: 'Create a post' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Okay, phew' }));
    expect(note.closest('.drawer-backdrop')!.hasAttribute('hidden')).toBe(false);
    expect(toast().textContent).toBe('Posted to alice.');
    // And the shortcut works again, once the note (modal) is closed.
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Note' })).toBeNull());
    fireEvent.keyDown(document.body, { key: 'z' });
    fireEvent.keyDown(document.body, { key: 'c', code: 'KeyC' });
    expect(await screen.findByRole('group', { name: 'Create a post' })).toBeTruthy();
  });

  it('suspends from its first step to its last', async () => {
    renderWithTour();
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Wait, why?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Toast' }));
    // Nothing modal is up (the tour is not): only the suspension keeps the shortcut quiet.
    fireEvent.keyDown(document.body, { key: 'z' });
    fireEvent.keyDown(document.body, { key: 'c', code: 'KeyC' });
    await pause(TOAST_DELAY_MS + 100);
    expect(toast().textContent).toBe('');
    expect(screen.queryByRole('group', { name: 'Create a post' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ohhh' }));
    await waitFor(() => expect(toast().textContent).toBe('Posted to alice.'));
  });

  it('is modal: Tab goes round its own buttons', () => {
    renderWithTour();
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    const tour = screen.getByRole('dialog', { name: "Don't freak out. Your things are right here." });
    expect(tour.getAttribute('aria-modal')).toBe('true');
    const last = screen.getByRole('button', { name: 'Okay, phew' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Wait, why?' }));
    fireEvent.click(last);
  });

  it('turns away what asks to open in the drawer while it is open', () => {
    renderWithTour();
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open the note' }));
    expect(screen.queryByRole('dialog', { name: 'Note' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Okay, phew' }));
    expect(screen.queryByRole('dialog', { name: 'Note' })).toBeNull();
  });
});
