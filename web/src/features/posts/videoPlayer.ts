// The video player's model (spec 002 §3 Video player state, §4 Video player, §8 Video, §9
// Video): its numbers, the rules that need no element (looping, autoplay, a seek, the end of
// an HD/SD switch, the filmstrip frame under the pointer) and its state as a reducer. The
// element and its timers are useVideoPlayer's.
import type { Filmstrip } from '../../api/postModels';

/** §9: the volume a player starts at. */
export const DEFAULT_VOLUME = 0.8;
/** §9: elapsed time and progress are read this often. */
export const TIME_POLL_MS = 150;
/** §9: a video this long or shorter plays once; a longer one loops. */
export const MIN_LOOP_DURATION_S = 1;
/** §9: autoplay counts a player as visible once it is this far inside the viewport. */
export const VIEWPORT_MARGIN = '-100px';
/** §9: a time jump larger than this between two reads is a seek. */
export const SEEK_JUMP_S = 0.3;
/** §9: while buffering, whether playback resumed is checked this often. */
export const BUFFERING_POLL_MS = 100;
/** §9: a wait is logged ('stopwaiting') only when it lasted this long. */
export const MIN_LOGGED_WAIT_MS = 2000;
/** §4, §9: an HD/SD switch changes the source this long after pausing the old one. */
export const HD_SWITCH_DELAY_MS = 300;
/** §4, §9: a switch is over once playback is this far past the position it kept. */
export const HD_SWITCH_DONE_PAST_S = 0.1;
/** §9: the filmstrip's thumbnails, shown at half size. */
export const FILMSTRIP_FRAMES = 10;
export const FILMSTRIP_SCALE = 0.5;
/** How far the progress bar's arrow keys move. */
export const KEY_SEEK_STEP_S = 5;
/** A device that points coarsely (a finger) counts as mobile: it never autoplays (§4). */
export const MOBILE_MEDIA_QUERY = '(pointer: coarse)';

/** §7 Logging: the conversion the player logs on its first play. */
export const VIDEO_CONVERSION = {
  name: 'CONVERSION_ACTION_HTML5_VIDEO',
  extra: { player: 'html5', player_version: 2 },
} as const;

/** What a failed video says in the player. */
export const VIDEO_ERROR_TEXT = 'This video could not be played.';

/** §8 Video: a media error's name, by its code. */
const MEDIA_ERROR_NAMES: Record<number, string> = {
  1: 'MEDIA_ERR_ABORTED',
  2: 'MEDIA_ERR_NETWORK',
  3: 'MEDIA_ERR_DECODE',
  4: 'MEDIA_ERR_SRC_NOT_SUPPORTED',
  5: 'MEDIA_ERR_ENCRYPTED',
};

export function mediaErrorName(code: number): string {
  return MEDIA_ERROR_NAMES[code] ?? 'MEDIA_ERR_CUSTOM';
}

/** §4: the video loops on end unless it lasts 1 s or less. */
export function loops(durationS: number): boolean {
  return durationS > MIN_LOOP_DURATION_S;
}

/** §4: autoplay needs a device that is not mobile, a video over 1 s and a visible player. */
export function mayAutoplay({ mobile, durationS, visible }: { mobile: boolean; durationS: number; visible: boolean }): boolean {
  return !mobile && durationS > MIN_LOOP_DURATION_S && visible;
}

/**
 * §9: whether the time read now, `sinceS` after the last read, jumped (a seek) rather than
 * played on: playing moves it by about the time that passed, a paused video not at all.
 */
export function isSeekJump({ from, to, sinceS, playing }: { from: number; to: number; sinceS: number; playing: boolean }): boolean {
  const expected = playing ? sinceS : 0;
  return Math.abs(to - from - expected) > SEEK_JUMP_S;
}

/** §4: an HD/SD switch is over once playback is more than 0.1 s past the kept position. */
export function switchFinished(keptS: number, nowS: number): boolean {
  return nowS > keptS + HD_SWITCH_DONE_PAST_S;
}

/** Seconds as m:ss (75 s → '1:15'; minutes go past 59: '75:03'). */
export function formatVideoTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

/** The hover preview: which of the filmstrip's frames, and how to show it at half size. */
export interface FilmstripFrame {
  index: number;
  /** The frame as shown: half its size in the strip. */
  width: number;
  height: number;
  backgroundImage: string;
  /** The whole strip at half size, so that one shown frame is one frame of it. */
  backgroundSize: string;
  /** The strip moved left by the frames before this one. */
  backgroundPosition: string;
}

/** The filmstrip frame for `timeS` of a `durationS` video (§9: 10 frames, at half size). */
export function filmstripFrame(strip: Filmstrip, timeS: number, durationS: number): FilmstripFrame {
  const fraction = durationS > 0 ? Math.min(Math.max(timeS / durationS, 0), 1) : 0;
  const index = Math.min(Math.floor(fraction * FILMSTRIP_FRAMES), FILMSTRIP_FRAMES - 1);
  const width = (strip.width / FILMSTRIP_FRAMES) * FILMSTRIP_SCALE;
  const height = strip.height * FILMSTRIP_SCALE;
  return {
    index,
    width,
    height,
    backgroundImage: `url("${strip.url}")`,
    backgroundSize: `${strip.width * FILMSTRIP_SCALE}px ${height}px`,
    backgroundPosition: `${-index * width}px 0px`,
  };
}

/** §3 Video player state, as far as the page shows it. */
export interface VideoPlayerState {
  /** The metadata is in: the duration is the element's. */
  loaded: boolean;
  paused: boolean;
  muted: boolean;
  /** Autoplay is in charge: it plays the player muted while visible and pauses it off screen. */
  autoplay: boolean;
  loop: boolean;
  /** Seconds; 0 while unknown. */
  duration: number;
  /** Seconds played, as last read. */
  elapsed: number;
  /** The HD rendition is the source (SD otherwise). */
  hd: boolean;
  /** Between an HD/SD toggle and playback moving past the kept position. */
  switching: boolean;
  /** Playback stalled ('waiting') and has not resumed. */
  buffering: boolean;
  /** What a media error says; null while the video plays. */
  error: string | null;
}

export type VideoPlayerAction =
  | { type: 'durationKnown'; duration: number }
  | { type: 'played' }
  | { type: 'paused' }
  | { type: 'mutedChanged'; muted: boolean }
  | { type: 'timeRead'; elapsed: number }
  | { type: 'bufferingStarted' }
  | { type: 'bufferingEnded' }
  | { type: 'switchStarted' }
  | { type: 'sourceSwitched' }
  | { type: 'switchEnded' }
  | { type: 'autoplayStopped' }
  | { type: 'failed'; message: string };

export function initialVideoPlayerState({ autoplay, durationS }: { autoplay: boolean; durationS: number }): VideoPlayerState {
  return {
    loaded: false,
    paused: true,
    muted: false,
    autoplay,
    loop: loops(durationS),
    duration: durationS,
    elapsed: 0,
    hd: false,
    switching: false,
    buffering: false,
    error: null,
  };
}

/** The player's state after `action`; the same object when nothing changed (no re-render). */
export function videoPlayerReducer(state: VideoPlayerState, action: VideoPlayerAction): VideoPlayerState {
  switch (action.type) {
    case 'durationKnown':
      return {
        ...state,
        loaded: true,
        duration: action.duration,
        // §4: an error turned looping off for good.
        loop: state.error === null && loops(action.duration),
      };
    case 'played':
      return state.paused ? { ...state, paused: false } : state;
    case 'paused':
      return state.paused ? state : { ...state, paused: true };
    case 'mutedChanged':
      return state.muted === action.muted ? state : { ...state, muted: action.muted };
    case 'timeRead':
      return state.elapsed === action.elapsed ? state : { ...state, elapsed: action.elapsed };
    case 'bufferingStarted':
      return state.buffering ? state : { ...state, buffering: true };
    case 'bufferingEnded':
      return state.buffering ? { ...state, buffering: false } : state;
    case 'switchStarted':
      return { ...state, switching: true };
    case 'sourceSwitched':
      return { ...state, hd: !state.hd };
    case 'switchEnded':
      return state.switching ? { ...state, switching: false } : state;
    case 'autoplayStopped':
      return state.autoplay ? { ...state, autoplay: false } : state;
    case 'failed':
      // §4: an error sets paused, loop off and autoplay off.
      return {
        ...state,
        paused: true,
        loop: false,
        autoplay: false,
        buffering: false,
        switching: false,
        error: action.message,
      };
  }
}
