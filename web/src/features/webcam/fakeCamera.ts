// A camera for tests (jsdom has none): getUserMedia answers a stream with one track, or
// refuses, when the test says; a video 'plays' once fireEvent.playing is sent to it.
import { vi } from 'vitest';

export interface FakeCamera {
  getUserMedia: ReturnType<typeof vi.fn>;
  track: { stop: ReturnType<typeof vi.fn>; end(): void };
  /** Answers the pending getUserMedia with the stream. */
  allow(): void;
  /** Refuses it with a DOMException of this name. */
  refuse(name: string): void;
  restore(): void;
}

export function fakeCamera(): FakeCamera {
  const endListeners: (() => void)[] = [];
  const track = {
    stop: vi.fn(),
    addEventListener: (type: string, listener: () => void) => type === 'ended' && endListeners.push(listener),
    end: () => endListeners.forEach((listener) => listener()),
  };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  let answer: { resolve(stream: MediaStream): void; reject(err: unknown): void } | null = null;
  const getUserMedia = vi.fn(() => new Promise<MediaStream>((resolve, reject) => (answer = { resolve, reject })));
  const had = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  return {
    getUserMedia,
    track,
    allow: () => answer?.resolve(stream),
    refuse: (name) => answer?.reject(new DOMException('refused', name)),
    restore() {
      play.mockRestore();
      if (had) Object.defineProperty(navigator, 'mediaDevices', had);
      else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
    },
  };
}
