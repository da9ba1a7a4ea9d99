import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadComposer } from '..';
import type { PostType } from '../../../api/types/PostType';
import { fakeApi } from '../../../test/fakeApi';
import { user } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { seenTutorialsKey, useTutorials } from '../hooks/useTutorials';
import { formData, testSetup } from '../model/testFormData';
import { renderComposerAt } from '../testing';

// The form's code is loaded lazily in the app; here, once, before the tests time anything.
beforeAll(() => preloadComposer(), 30_000);

afterEach(() => window.localStorage.clear());

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Long enough for a 750 ms show delay on a loaded machine (the exact delays are timed below). */
const SHOWN_WITHIN_MS = 4000;

function open(path: string, hasRichTextTutorial: boolean) {
  const data = formData();
  data.user.has_rich_text_tutorial = hasRichTextTutorial;
  return renderComposerAt(path, {
    data,
    routes: { 'POST /svc/post/set_seen_rte': () => ({ response: { seen_rte: true } }) },
  });
}

describe('the tutorials in the form (spec 001 §4 Tutorials)', () => {
  it('shows the rich-text one on a text post, tells the server it was seen, then the next one once dismissed', async () => {
    const { sent } = open('/new/text', true);
    const richText = await screen.findByRole('complementary', { name: 'Rich text tutorial' }, { timeout: SHOWN_WITHIN_MS });
    expect(sent('/svc/post/set_seen_rte')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(richText.isConnected).toBe(false);
    // The next in order; it is remembered in this browser, the server has no flag for it.
    await screen.findByRole('complementary', { name: 'Inline photos, videos and more tutorial' }, { timeout: SHOWN_WITHIN_MS });
    expect(JSON.parse(window.localStorage.getItem(seenTutorialsKey('alice'))!)).toEqual(['inlineControls']);
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    // Image search waits for its feature: nothing more.
    await pause(900);
    expect(screen.queryByRole('complementary', { name: /tutorial$/ })).toBeNull();
    expect(sent('/svc/post/set_seen_rte')).toHaveLength(1);
  }, 15_000);

  it('asks the server again on dismiss when it did not take the seen flag', async () => {
    let calls = 0;
    const data = formData();
    data.user.has_rich_text_tutorial = true;
    const { sent } = renderComposerAt('/new/link', {
      data,
      routes: {
        'POST /svc/post/set_seen_rte': () =>
          ++calls === 1 ? { status: 500, errors: [{ code: 'internal', detail: 'Oops' }] } : { response: { seen_rte: true } },
      },
    });
    await screen.findByRole('complementary', { name: 'Rich text tutorial' }, { timeout: SHOWN_WITHIN_MS });
    await waitFor(() => expect(sent('/svc/post/set_seen_rte')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(sent('/svc/post/set_seen_rte')).toHaveLength(2));
  }, 15_000);

  it('shows none the user has seen, here or on the server', async () => {
    window.localStorage.setItem(seenTutorialsKey('alice'), JSON.stringify(['inlineControls']));
    const { sent } = open('/new/photo', false);
    await screen.findByRole('dialog', { name: 'New photo post' });
    await pause(1000);
    expect(screen.queryByRole('complementary', { name: /tutorial$/ })).toBeNull();
    expect(sent('/svc/post/set_seen_rte')).toHaveLength(0);
  }, 15_000);

  it('shows none on a quote, chat or note post', async () => {
    open('/new/quote', true);
    await screen.findByRole('dialog', { name: 'New quote post' });
    await pause(1000);
    expect(screen.queryByRole('complementary', { name: /tutorial$/ })).toBeNull();
  }, 15_000);
});

describe('when a tutorial shows (spec 001 §9 Tutorial show delay)', () => {
  afterEach(() => vi.useRealTimers());

  function Shown({ type }: { type: PostType }) {
    const data = testSetup();
    data.user.hasRichTextTutorial = true;
    const { shown } = useTutorials({ type, editorType: 'rich' }, data);
    return <p>{shown ?? 'none'}</p>;
  }

  it.each([
    ['text', 500],
    ['photo', 750],
  ] as const)('on a %s post: %i ms after the form opens', (type, delay) => {
    vi.useFakeTimers();
    const api = fakeApi({ 'POST /svc/post/set_seen_rte': () => ({ response: { seen_rte: true } }) });
    renderWithProviders(<Shown type={type} />, { client: api.client, user: user() });
    act(() => vi.advanceTimersByTime(delay - 1));
    expect(screen.getByText('none')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('richText')).toBeTruthy();
  });
});
