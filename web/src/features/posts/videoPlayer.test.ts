import { describe, expect, it } from 'vitest';
import {
  filmstripFrame,
  formatVideoTime,
  initialVideoPlayerState,
  isSeekJump,
  loops,
  mayAutoplay,
  mediaErrorName,
  switchFinished,
  videoPlayerReducer,
} from './videoPlayer';

describe('the video player model (spec 002 §4, §8, §9 Video)', () => {
  it('loops a video longer than 1 s only', () => {
    expect(loops(0.5)).toBe(false);
    expect(loops(1)).toBe(false);
    expect(loops(1.01)).toBe(true);
    expect(initialVideoPlayerState({ autoplay: false, durationS: 2 }).loop).toBe(true);
  });

  it('names media errors by code, MEDIA_ERR_CUSTOM for any other', () => {
    expect([1, 2, 3, 4, 5, 0, 9].map(mediaErrorName)).toEqual([
      'MEDIA_ERR_ABORTED',
      'MEDIA_ERR_NETWORK',
      'MEDIA_ERR_DECODE',
      'MEDIA_ERR_SRC_NOT_SUPPORTED',
      'MEDIA_ERR_ENCRYPTED',
      'MEDIA_ERR_CUSTOM',
      'MEDIA_ERR_CUSTOM',
    ]);
  });

  it('autoplays only off mobile, past 1 s, when visible', () => {
    expect(mayAutoplay({ mobile: false, durationS: 2, visible: true })).toBe(true);
    expect(mayAutoplay({ mobile: true, durationS: 2, visible: true })).toBe(false);
    expect(mayAutoplay({ mobile: false, durationS: 1, visible: true })).toBe(false);
    expect(mayAutoplay({ mobile: false, durationS: 2, visible: false })).toBe(false);
  });

  it('takes a jump of more than 0.3 s past what playing explains for a seek', () => {
    expect(isSeekJump({ from: 10, to: 10.15, sinceS: 0.15, playing: true })).toBe(false);
    expect(isSeekJump({ from: 10, to: 10.5, sinceS: 0.15, playing: true })).toBe(true);
    expect(isSeekJump({ from: 10, to: 10.25, sinceS: 0.15, playing: false })).toBe(false);
    expect(isSeekJump({ from: 10, to: 10.31, sinceS: 0.15, playing: false })).toBe(true);
    expect(isSeekJump({ from: 10, to: 4, sinceS: 0.15, playing: true })).toBe(true);
  });

  it('ends a switch only more than 0.1 s past the kept position', () => {
    expect(switchFinished(12, 12.1)).toBe(false);
    expect(switchFinished(12, 12.11)).toBe(true);
  });

  it('writes times as m:ss', () => {
    expect([0, 5.9, 75, 4503, NaN, -1].map(formatVideoTime)).toEqual(['0:00', '0:05', '1:15', '75:03', '0:00', '0:00']);
  });

  it('shows the hovered time’s filmstrip frame at half size', () => {
    const strip = { url: '/media/strip.jpg', width: 3200, height: 180 };
    // 10 frames of 320 × 180, shown at 160 × 90; 13 s of 20 is the seventh frame (index 6).
    expect(filmstripFrame(strip, 13, 20)).toEqual({
      index: 6,
      width: 160,
      height: 90,
      backgroundImage: 'url("/media/strip.jpg")',
      backgroundSize: '1600px 90px',
      backgroundPosition: '-960px 0px',
    });
    expect(filmstripFrame(strip, 0, 20).backgroundPosition).toBe('0px 0px');
    expect(filmstripFrame(strip, 20, 20).index).toBe(9);
  });

  it('sets paused, loop off and autoplay off on an error, for good', () => {
    const playing = videoPlayerReducer(initialVideoPlayerState({ autoplay: true, durationS: 5 }), { type: 'played' });
    const failed = videoPlayerReducer(playing, { type: 'failed', message: 'No.' });
    expect(failed).toMatchObject({ paused: true, loop: false, autoplay: false, error: 'No.' });
    expect(videoPlayerReducer(failed, { type: 'durationKnown', duration: 5 }).loop).toBe(false);
  });
});
