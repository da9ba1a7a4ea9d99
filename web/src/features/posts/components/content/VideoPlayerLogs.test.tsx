import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance } from '../../../../test/time';
import { installFakeMedia, mediaOf, renderPlayer } from './videoPlayerTesting';

let play: ReturnType<typeof installFakeMedia>['play'];

beforeEach(() => {
  ({ play } = installFakeMedia());
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the video player’s logs and autoplay (spec 002 §4, §7, §8)', () => {
  it('logs a seek when the time jumps more than 0.3 s between reads', async () => {
    const { video, load, logged } = renderPlayer();
    load(20);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    video.currentTime = 0.15;
    await advance(150);
    video.currentTime = 0.3;
    await advance(150);
    expect(logged('video_seeking')).toHaveLength(0);
    video.currentTime = 9;
    await advance(150);
    expect(logged('video_seeking')).toEqual([expect.objectContaining({ from: 0.3, time: 9 })]);
  });

  it('shows the spinner while buffering, and logs the wait when it lasted 2000 ms', async () => {
    const { video, load, logged, spinner } = renderPlayer();
    load(20);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    video.currentTime = 3;
    fireEvent.waiting(video);
    expect(spinner()).toBeTruthy();
    await advance(500);
    video.currentTime = 3.1;
    await advance(100);
    expect(spinner()).toBeNull();
    expect(logged('video_stopwaiting')).toHaveLength(0);

    fireEvent.waiting(video);
    await advance(2000);
    expect(spinner()).toBeTruthy();
    video.currentTime = 3.2;
    await advance(100);
    expect(spinner()).toBeNull();
    const [wait] = logged('video_stopwaiting') as { waited_ms: number }[];
    expect(wait.waited_ms).toBeGreaterThanOrEqual(2000);
  });

  it('logs the conversion on the first play once, and tries again on a later play when it failed', async () => {
    let answer: 'fail' | 'ok' = 'fail';
    const { requests } = renderPlayer({}, {
      'POST /svc/log/conversion': () =>
        answer === 'ok' ? { response: { accepted: 1 } } : { status: 500, errors: [{ code: 'internal', detail: 'Down.' }] },
    });
    const sent = () => requests.filter((r) => r.path === '/svc/log/conversion');
    const playPause = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Play' }));
      await advance(0);
      fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    };
    await playPause();
    expect(sent()).toHaveLength(1);
    expect(JSON.parse(sent()[0].form.get('log')!)).toEqual({
      name: 'CONVERSION_ACTION_HTML5_VIDEO',
      extra: { player: 'html5', player_version: 2 },
    });
    expect(sent()[0].form.get('form_key')).toBe('test-form-key');
    answer = 'ok';
    await playPause();
    expect(sent()).toHaveLength(2);
    await playPause();
    expect(sent()).toHaveLength(2);
  });

  it('autoplays muted while visible off mobile, pauses off screen, and a click takes over with sound', async () => {
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; disconnected: boolean }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        entry: (typeof observers)[number];
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          this.entry = { callback, options, disconnected: false };
          observers.push(this.entry);
        }
        observe() {}
        disconnect() {
          this.entry.disconnected = true;
        }
      },
    );
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    const show = (visible: boolean) =>
      observers.filter((o) => !o.disconnected).forEach((o) => o.callback([{ isIntersecting: visible } as IntersectionObserverEntry], {} as IntersectionObserver));
    const { video, load } = renderPlayer({ autoplay: true });
    load(20);
    expect(observers.at(-1)?.options?.rootMargin).toBe('-100px');
    show(true);
    expect(video.muted).toBe(true);
    expect(mediaOf(video).paused).toBe(false);
    show(false);
    expect(mediaOf(video).paused).toBe(true);
    show(true);
    expect(mediaOf(video).paused).toBe(false);

    fireEvent.click(video);
    expect(video.muted).toBe(false);
    expect(mediaOf(video).paused).toBe(false);
    expect(observers.every((o) => o.disconnected)).toBe(true);
  });

  it('never autoplays on a mobile device', () => {
    const callbacks: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          callbacks.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)', media: query }));
    const { load } = renderPlayer({ autoplay: true });
    load(20);
    callbacks.forEach((cb) => cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(play).not.toHaveBeenCalled();
  });
});
