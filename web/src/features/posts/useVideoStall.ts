// Buffering (spec 002 §4 Video player, §9 Video): a 'waiting' event starts a stall, watched
// every 100 ms until playback moves again or the video is paused. A wait of 2000 ms or more
// is reported when playback resumes (the player logs it as 'stopwaiting').
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { BUFFERING_POLL_MS, MIN_LOGGED_WAIT_MS } from './videoPlayer';

/** When the stall began, and where playback stood. */
interface Stall {
  since: number;
  time: number;
}

export function useVideoStall(
  video: RefObject<HTMLVideoElement | null>,
  handlers: {
    /** The player shows it buffers: the watch runs while this is true. */
    buffering: boolean;
    onStart(): void;
    onEnd(): void;
    /** Playback resumed after a wait worth logging. */
    onLongWait(waitedMs: number): void;
  },
) {
  const stall = useRef<Stall | null>(null);
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!handlers.buffering) return undefined;
    const timer = window.setInterval(() => {
      const media = video.current;
      const waiting = stall.current;
      if (!media || !waiting) return;
      const resumed = !media.paused && media.currentTime !== waiting.time;
      if (!resumed && !media.paused) return;
      stall.current = null;
      latest.current.onEnd();
      const waited = Date.now() - waiting.since;
      if (resumed && waited >= MIN_LOGGED_WAIT_MS) latest.current.onLongWait(waited);
    }, BUFFERING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [video, handlers.buffering]);

  return useMemo(
    () => ({
      /** A 'waiting' event: a stall starts, unless one is on. */
      start() {
        const media = video.current;
        if (stall.current || !media) return;
        stall.current = { since: Date.now(), time: media.currentTime };
        latest.current.onStart();
      },
      isStalled: () => stall.current !== null,
      /** Forgets the stall (an error ended everything). */
      clear() {
        stall.current = null;
      },
    }),
    [video],
  );
}
