// For the video player's tests: media elements that pretend to play, and a player rendered
// in the app's providers with a behaviour log to read.
import { fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { ProcessedVideo } from '../../../../api/postModels';
import { fakeApi, type FakeRoute } from '../../../../test/fakeApi';
import { user } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/renderApp';
import { BehaviourLogProvider, type BehaviourLog } from '../../../behaviourLog';
import { VideoPlayer } from './VideoPlayer';

// jsdom plays nothing: each element here keeps a paused flag and a duration, play() and
// pause() flip the flag and fire their event as a browser would, and the test fires the rest
// (loadedmetadata, ended, waiting, error) and moves currentTime itself.
interface FakeMedia {
  paused: boolean;
  duration: number;
}
const media = new WeakMap<HTMLMediaElement, FakeMedia>();

export function mediaOf(element: HTMLMediaElement): FakeMedia {
  let state = media.get(element);
  if (!state) {
    state = { paused: true, duration: NaN };
    media.set(element, state);
  }
  return state;
}

/** Makes every media element pretend (until vi.restoreAllMocks()); answers play() and pause(). */
export function installFakeMedia() {
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return mediaOf(this).paused;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return mediaOf(this).duration;
  });
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    if (mediaOf(this).paused) {
      mediaOf(this).paused = false;
      this.dispatchEvent(new Event('play'));
    }
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    if (!mediaOf(this).paused) {
      mediaOf(this).paused = true;
      this.dispatchEvent(new Event('pause'));
    }
  });
  return { play, pause };
}

export const PROCESSED: ProcessedVideo = {
  hdUrl: '/media/clip-hd.mp4',
  sdUrl: '/media/clip-sd.mp4',
  posterUrl: '/media/clip-poster.jpg',
  // Ten frames of 320 × 180.
  filmstrip: { url: '/media/clip-strip.jpg', width: 3200, height: 180 },
  width: 1280,
  height: 720,
  durationMs: 20_000,
};

/** A player of post 7 for a signed-in user; the conversion call answers unless `routes` say. */
export function renderPlayer(
  { processed = PROCESSED as ProcessedVideo | null, autoplay = false } = {},
  routes: Record<string, FakeRoute> = { 'POST /svc/log/conversion': () => ({ response: { accepted: 1 } }) },
) {
  const log: BehaviourLog = { log: vi.fn(), flush: vi.fn(), stop: vi.fn() };
  const api = fakeApi(routes);
  const view = renderWithProviders(
    <BehaviourLogProvider log={log}>
      <VideoPlayer url="/media/clip.mov" processed={processed} autoplay={autoplay} postId={7} />
    </BehaviourLogProvider>,
    { client: api.client, user: user() },
  );
  const video = view.container.querySelector('video')!;
  /** The player's logs of one event: their data. */
  const logged = (event: string) =>
    vi.mocked(log.log).mock.calls.filter(([name]) => name === event).map(([, data]) => data);
  /** The element's metadata comes in: `duration` seconds long. */
  const load = (duration: number) => {
    mediaOf(video).duration = duration;
    fireEvent.loadedMetadata(video);
  };
  const spinner = () => screen.queryByRole('progressbar', { name: 'Loading video' });
  return { ...view, ...api, video, logged, load, spinner };
}
