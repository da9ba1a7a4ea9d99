// Spec 000 §9 Confetti, with canvas-confetti (a third-party module) mocked: what it is asked
// to draw, and when.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import confetti from 'canvas-confetti';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi';
import { user } from '../../test/fixtures';
import { saveAnswer, wirePost } from '../../test/postFixtures';
import { renderWithProviders } from '../../test/renderApp';
import { ComposerHost, preloadComposer } from '../composer';
import { formData } from '../composer/model/testFormData';
import { CONFETTI_OPTIONS, fireConfetti } from '.';

vi.mock('canvas-confetti', () => ({ default: vi.fn(() => Promise.resolve()) }));

beforeAll(() => preloadComposer(), 30_000);

/** The reader's motion preference, as matchMedia answers it. */
function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }));
}

beforeEach(() => {
  vi.mocked(confetti).mockClear();
  prefersReducedMotion(false);
});
afterEach(() => vi.unstubAllGlobals());

describe('the confetti (spec 000 §9 Confetti)', () => {
  it("maps the spec's constants onto canvas-confetti's options", () => {
    expect(CONFETTI_OPTIONS).toMatchObject({
      particleCount: 100,
      // Size 40, where a piece is 10 px at scalar 1.
      scalar: 4,
      // Speed 0.5: half the default fall.
      gravity: 0.5,
      disableForReducedMotion: true,
    });
    expect(new Set(CONFETTI_OPTIONS.colors)).toHaveProperty('size', 6);
  });

  it('is thrown with those options', async () => {
    await fireConfetti();
    expect(confetti).toHaveBeenCalledExactlyOnceWith(CONFETTI_OPTIONS);
  });

  it('is not thrown for a reader who prefers reduced motion, nor where the browser cannot say', async () => {
    prefersReducedMotion(true);
    await fireConfetti();
    vi.stubGlobal('matchMedia', undefined);
    await fireConfetti();
    expect(confetti).not.toHaveBeenCalled();
  });
});

describe("the confetti on a user's first post, from the composer", () => {
  /** A fake server that counts alice's published posts as she saves them, and says which was her first. */
  function renderComposer() {
    let published = 0;
    const api = fakeApi({
      'GET /svc/data/tumblelog': () => new Promise(() => {}),
      'POST /svc/post/get_post_form_builder_data': () => ({ response: formData() }),
      'POST /svc/post/update': () => {
        published += 1;
        const post = wirePost(40 + published, { tumblelog: 'alice', state: 'published', is_mine: true });
        return {
          response: saveAnswer(post, {
            first_post: published === 1,
            context_tumblelog: { name_or_id: 'alice', post_count: published, draft_count: 0, queued_post_count: 0, transcoding_count: 0 },
          }),
        };
      },
    });
    return renderWithProviders(<ComposerHost />, { client: api.client, user: user(), path: '/new/text' });
  }

  async function writeAndPost(title: string) {
    const dialog = await screen.findByRole('dialog', { name: 'New text post' });
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Title' }), { target: { value: title } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }

  it('is thrown once, for the first post and not the second', async () => {
    const { location } = renderComposer();
    await writeAndPost('My very first post');
    await waitFor(() => expect(confetti).toHaveBeenCalledTimes(1));
    act(() => location.navigate('/new/text'));
    await writeAndPost('And another');
    // The second save is through: nothing more was thrown.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(confetti).toHaveBeenCalledTimes(1);
  });
});
