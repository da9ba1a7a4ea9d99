// The video player's behaviour (spec 002 §4 Video player, §9 Video): the element's events
// into the player's state (videoPlayer.ts), the time read every 150 ms, buffering watched
// every 100 ms, the loop on end, the HD/SD switch, autoplay, and the player's logs (§7: the
// behaviour log's events, one conversion on the first play). The markup is VideoPlayer's.
import { useCallback, useEffect, useReducer, useRef, type SyntheticEvent } from 'react';
import type { ProcessedVideo } from '../../api/postModels';
import { useFullscreen } from '../../lib/useFullscreen';
import { useBehaviourLog, useConversionLog } from '../behaviourLog';
import { useVideoAutoplay } from './useVideoAutoplay';
import { useVideoStall } from './useVideoStall';
import {
  DEFAULT_VOLUME,
  HD_SWITCH_DELAY_MS,
  TIME_POLL_MS,
  VIDEO_CONVERSION,
  VIDEO_ERROR_TEXT,
  initialVideoPlayerState,
  isSeekJump,
  mediaErrorName,
  switchFinished,
  videoPlayerReducer,
} from './videoPlayer';

/** What the player logs, each as `video_{event}` (§4 events, §8 media errors). */
export type VideoPlayerEvent = 'play' | 'pause' | 'ended' | 'looped' | 'seeking' | 'stopwaiting' | 'error';

export interface VideoPlayerOptions {
  /** The video as posted: what plays when there is no processed video. */
  url: string;
  processed: ProcessedVideo | null;
  /** Opt-in: a page of many players must not play them all at once. */
  autoplay: boolean;
  /** The post, for the logs. */
  postId?: number;
}

/** What an HD/SD switch keeps (§4): the position, and whether it played and had sound. */
interface KeptPlayback {
  time: number;
  paused: boolean;
  muted: boolean;
  /** The new source is set (300 ms after the toggle). */
  switched: boolean;
  /** The position is back: from here it finishes once playback moves 0.1 s past it. */
  restored: boolean;
}

const seconds = (t: number) => Math.round(t * 10) / 10;

/** play() without an unhandled rejection: a browser may refuse it (autoplay rules). */
function play(video: HTMLVideoElement): Promise<void> {
  return Promise.resolve(video.play()).catch(() => undefined);
}

export function useVideoPlayer({ url, processed, autoplay, postId }: VideoPlayerOptions) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const playerRef = useRef<HTMLDivElement>(null);
  const behaviour = useBehaviourLog();
  const logConversion = useConversionLog(VIDEO_CONVERSION);
  const [state, dispatch] = useReducer(
    videoPlayerReducer,
    { autoplay, durationS: (processed?.durationMs ?? 0) / 1000 },
    initialVideoPlayerState,
  );
  // The element's event handlers run between renders: they read the newest state here.
  const current = useRef(state);
  current.current = state;
  const src = processed ? (state.hd ? processed.hdUrl : processed.sdUrl) : url;

  const kept = useRef<KeptPlayback | null>(null);
  const switchTimer = useRef<number | undefined>(undefined);
  const lastRead = useRef({ time: 0, at: 0 });
  /** The play() of a loop, logged as 'looped' rather than 'play'. */
  const restarting = useRef(false);
  /** A media error: the pause it makes is not the person's. */
  const failed = useRef(false);

  const log = useCallback(
    (event: VideoPlayerEvent, data: Record<string, unknown> = {}) => {
      behaviour.log(`video_${event}`, {
        post_id: postId,
        source: processed ? (current.current.hd ? 'hd' : 'sd') : 'original',
        time: seconds(videoRef.current?.currentTime ?? 0),
        ...data,
      });
    },
    [behaviour, postId, processed],
  );

  // §9: buffering, and its wait logged when it lasted 2000 ms.
  const stall = useVideoStall(videoRef, {
    buffering: state.buffering,
    onStart: () => dispatch({ type: 'bufferingStarted' }),
    onEnd: () => dispatch({ type: 'bufferingEnded' }),
    onLongWait: (waited) => log('stopwaiting', { waited_ms: waited }),
  });

  /** Reads the time (§9: every 150 ms while playing): elapsed, a seek, the end of a switch. */
  const readTime = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    const now = Date.now();
    const time = video.currentTime;
    const last = lastRead.current;
    lastRead.current = { time, at: now };
    const switching = kept.current;
    if (switching) {
      if (switching.restored && switchFinished(switching.time, time)) {
        kept.current = null;
        dispatch({ type: 'switchEnded' });
      }
    } else if (
      // A stall moves nothing while the clock runs: not a seek.
      !stall.isStalled() &&
      isSeekJump({ from: last.time, to: time, sinceS: (now - last.at) / 1000, playing: !video.paused })
    ) {
      log('seeking', { from: seconds(last.time) });
    }
    dispatch({ type: 'timeRead', elapsed: time });
  }, [log, stall]);

  const polling = (!state.paused || state.switching) && state.error === null;
  useEffect(() => {
    const video = videoRef.current;
    if (!polling || !video) return undefined;
    // Reads start afresh: time paused meanwhile is no jump.
    lastRead.current = { time: video.currentTime, at: Date.now() };
    const timer = window.setInterval(readTime, TIME_POLL_MS);
    return () => window.clearInterval(timer);
  }, [polling, readTime]);

  useEffect(() => {
    const video = videoRef.current;
    if (video) {
      video.volume = DEFAULT_VOLUME;
      dispatch({ type: 'mutedChanged', muted: video.muted });
    }
    return () => window.clearTimeout(switchTimer.current);
  }, []);

  /** §4 switch: the new source's metadata is in; the kept position and sound come back. */
  const restoreKept = (video: HTMLVideoElement) => {
    const switching = kept.current;
    if (!switching || !switching.switched || switching.restored) return;
    switching.restored = true;
    video.currentTime = switching.time;
    video.muted = switching.muted;
    lastRead.current = { time: switching.time, at: Date.now() };
    if (!switching.paused) {
      void play(video);
    } else {
      // Paused, nothing will move past the position: having it back is the end of the switch.
      kept.current = null;
      dispatch({ type: 'switchEnded' });
    }
  };

  const videoEvents = {
    onLoadedMetadata: (e: SyntheticEvent<HTMLVideoElement>) => {
      const video = e.currentTarget;
      const known = Number.isFinite(video.duration) && video.duration > 0;
      dispatch({ type: 'durationKnown', duration: known ? video.duration : current.current.duration });
      restoreKept(video);
    },
    onPlay: () => {
      dispatch({ type: 'played' });
      if (kept.current) return; // the switch's own
      if (restarting.current) {
        restarting.current = false; // the loop's, logged as looped
        return;
      }
      log('play', { autoplay: current.current.autoplay });
      logConversion();
    },
    onPause: (e: SyntheticEvent<HTMLVideoElement>) => {
      dispatch({ type: 'paused' });
      // The end, a switch and an error each pause the video, and each logs itself.
      if (kept.current || failed.current || e.currentTarget.ended) return;
      log('pause');
    },
    onEnded: (e: SyntheticEvent<HTMLVideoElement>) => {
      const video = e.currentTarget;
      if (!current.current.loop) {
        dispatch({ type: 'paused' });
        log('ended');
        return;
      }
      log('looped');
      video.currentTime = 0;
      lastRead.current = { time: 0, at: Date.now() };
      restarting.current = true;
      void Promise.resolve(video.play()).catch(() => {
        restarting.current = false;
      });
    },
    onWaiting: () => {
      // A switch's loading is the switch's: its spinner shows already.
      if (kept.current || failed.current) return;
      stall.start();
    },
    onVolumeChange: (e: SyntheticEvent<HTMLVideoElement>) => {
      dispatch({ type: 'mutedChanged', muted: e.currentTarget.muted });
    },
    onError: (e: SyntheticEvent<HTMLVideoElement>) => {
      const video = e.currentTarget;
      const code = video.error?.code ?? 0;
      failed.current = true;
      window.clearTimeout(switchTimer.current);
      kept.current = null;
      stall.clear();
      dispatch({ type: 'failed', message: VIDEO_ERROR_TEXT });
      log('error', { code, name: mediaErrorName(code) });
      if (!video.paused) video.pause();
    },
  };

  const stopAutoplay = () => dispatch({ type: 'autoplayStopped' });
  /** §4: a click stops autoplay and unmutes. */
  const takeOver = (video: HTMLVideoElement) => {
    if (!current.current.autoplay) return;
    stopAutoplay();
    video.muted = false;
  };
  /** Runs a control's action on the element, once the person has taken over from autoplay. */
  const control = (action: (video: HTMLVideoElement) => void) => () => {
    const video = videoRef.current;
    if (!video) return;
    takeOver(video);
    action(video);
  };

  useVideoAutoplay(playerRef, {
    active: state.autoplay && state.error === null,
    durationS: state.duration,
    onVisible: () => {
      const video = videoRef.current;
      if (!video) return;
      video.muted = true;
      void play(video);
    },
    onHidden: () => videoRef.current?.pause(),
  });

  // §3 hideFullscreen: where the page cannot go full screen, there is no button for it.
  const fullscreen = useFullscreen(playerRef);

  const togglePlay = (video: HTMLVideoElement) => {
    if (video.paused) void play(video);
    else video.pause();
  };

  return {
    state,
    src,
    videoRef,
    playerRef,
    videoEvents,
    fullscreen: fullscreen.fullscreen,
    canFullscreen: fullscreen.supported,
    /** A click on the picture: while autoplaying it only takes over (sound on, it plays on). */
    clickPicture: () => {
      const video = videoRef.current;
      if (!video) return;
      const wasAutoplaying = current.current.autoplay;
      takeOver(video);
      if (wasAutoplaying && !video.paused) return;
      togglePlay(video);
    },
    togglePlay: control(togglePlay),
    // The mute button stops autoplay without unmuting first: its own toggle says what to do.
    toggleMute: () => {
      const video = videoRef.current;
      if (!video) return;
      if (current.current.autoplay) stopAutoplay();
      video.muted = !video.muted;
    },
    seekTo: (time: number) =>
      control((video) => {
        const end = current.current.duration || video.duration || 0;
        video.currentTime = Math.min(Math.max(time, 0), end);
        readTime();
      })(),
    /** §4: keep the position and paused/muted, pause, switch the source after 300 ms. */
    toggleHd: control((video) => {
      if (!processed || kept.current || current.current.error) return;
      kept.current = { time: video.currentTime, paused: video.paused, muted: video.muted, switched: false, restored: false };
      dispatch({ type: 'switchStarted' });
      video.pause();
      switchTimer.current = window.setTimeout(() => {
        if (kept.current) kept.current.switched = true;
        dispatch({ type: 'sourceSwitched' });
      }, HD_SWITCH_DELAY_MS);
    }),
    toggleFullscreen: control(fullscreen.toggle),
  };
}
