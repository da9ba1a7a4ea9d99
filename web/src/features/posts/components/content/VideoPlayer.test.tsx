import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance } from '../../../../test/time';
import { installFakeMedia, mediaOf, renderPlayer } from './videoPlayerTesting';

let play: ReturnType<typeof installFakeMedia>['play'];
let pause: ReturnType<typeof installFakeMedia>['pause'];

beforeEach(() => {
  ({ play, pause } = installFakeMedia());
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the video player (spec 002 §4 Video player)', () => {
  it('plays SD at volume 0.8; HD keeps the position and playing, switching after 300 ms and ending past +0.1 s', async () => {
    const { video, load, logged, spinner } = renderPlayer();
    expect(video.getAttribute('src')).toBe('/media/clip-sd.mp4');
    expect(video.getAttribute('poster')).toBe('/media/clip-poster.jpg');
    expect(video.volume).toBe(0.8);
    load(20);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    video.currentTime = 12;

    fireEvent.click(screen.getByRole('button', { name: 'Switch to HD' }));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(spinner()).toBeTruthy();
    await advance(299);
    expect(video.getAttribute('src')).toBe('/media/clip-sd.mp4');
    await advance(1);
    expect(video.getAttribute('src')).toBe('/media/clip-hd.mp4');
    // A browser starts a new source from 0; its metadata in, the kept position comes back.
    video.currentTime = 0;
    load(20);
    expect(video.currentTime).toBe(12);
    expect(play).toHaveBeenCalledTimes(2);
    expect(mediaOf(video).paused).toBe(false);

    video.currentTime = 12.05;
    await advance(150);
    expect(spinner()).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Switch to SD' }) as HTMLButtonElement).disabled).toBe(true);
    video.currentTime = 12.2;
    await advance(150);
    expect(spinner()).toBeNull();
    expect((screen.getByRole('button', { name: 'Switch to SD' }) as HTMLButtonElement).disabled).toBe(false);
    // The switch's own pause, seek and play are not the person's.
    expect(logged('video_play')).toHaveLength(1);
    expect(logged('video_pause')).toHaveLength(0);
    expect(logged('video_seeking')).toHaveLength(0);
  });

  it('keeps a paused, muted video paused and muted across a switch, done once the position is back', async () => {
    const { video, load, spinner } = renderPlayer();
    load(20);
    video.currentTime = 8;
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(video.muted).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to HD' }));
    await advance(300);
    video.currentTime = 0;
    video.muted = false;
    load(20);
    expect(video.currentTime).toBe(8);
    expect(video.muted).toBe(true);
    expect(play).not.toHaveBeenCalled();
    expect(spinner()).toBeNull();
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeTruthy();
  });

  it('loops a 2 s video on end, but not a 1 s one', () => {
    const short = renderPlayer();
    short.load(1);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    short.video.currentTime = 1;
    mediaOf(short.video).paused = true;
    fireEvent.ended(short.video);
    expect(play).toHaveBeenCalledTimes(1);
    expect(short.logged('video_ended')).toHaveLength(1);
    expect(short.logged('video_looped')).toHaveLength(0);
    short.unmount();

    const long = renderPlayer();
    long.load(2);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    long.video.currentTime = 2;
    mediaOf(long.video).paused = true;
    fireEvent.ended(long.video);
    expect(long.video.currentTime).toBe(0);
    expect(play).toHaveBeenCalledTimes(3);
    expect(long.logged('video_looped')).toHaveLength(1);
    expect(long.logged('video_ended')).toHaveLength(0);
    // The loop's own play is logged as the loop.
    expect(long.logged('video_play')).toHaveLength(1);
  });

  it('on a media error pauses, stops looping and autoplay, says so, and logs the code and its name', () => {
    const { video, load, logged } = renderPlayer();
    load(5);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    Object.defineProperty(video, 'error', { value: { code: 4 }, configurable: true });
    fireEvent.error(video);
    expect(screen.getByRole('alert').textContent).toBe('This video could not be played.');
    expect(mediaOf(video).paused).toBe(true);
    expect(logged('video_error')).toEqual([expect.objectContaining({ code: 4, name: 'MEDIA_ERR_SRC_NOT_SUPPORTED', post_id: 7 })]);
    expect(logged('video_pause')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Play' })).toBeNull();
    // Loop is off: the end stays the end.
    fireEvent.ended(video);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('previews the hovered time’s filmstrip frame at half size, and seeks by click and keys', async () => {
    const { video, load, logged } = renderPlayer();
    load(20);
    const slider = screen.getByRole('slider', { name: 'Seek' });
    slider.getBoundingClientRect = () => ({ left: 0, width: 200, top: 0, height: 18, right: 200, bottom: 18, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.mouseMove(slider, { clientX: 130 });
    const frame = slider.querySelector<HTMLElement>('.video-progress__frame')!;
    // 130 of 200 px is 13 s of 20: the seventh of ten frames, each 320 px wide, shown at 160.
    expect(frame.style.width).toBe('160px');
    expect(frame.style.height).toBe('90px');
    expect(frame.style.backgroundImage).toBe('url("/media/clip-strip.jpg")');
    expect(frame.style.backgroundSize).toBe('1600px 90px');
    expect(frame.style.backgroundPosition).toBe('-960px 0px');
    expect(slider.querySelector('.video-progress__time')!.textContent).toBe('0:13');
    fireEvent.mouseLeave(slider);
    expect(slider.querySelector('.video-progress__preview')).toBeNull();

    fireEvent.click(slider, { clientX: 50 });
    expect(video.currentTime).toBe(5);
    expect(slider.getAttribute('aria-valuenow')).toBe('5');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(10);
    expect(slider.getAttribute('aria-valuenow')).toBe('10');
    expect(screen.getByText('0:10')).toBeTruthy();
    expect(screen.getByText('0:20')).toBeTruthy();
    expect(logged('video_seeking').map((d) => (d as { from: number }).from)).toEqual([0, 5]);
  });

  it('plays a video without processing as posted: no HD, no poster, no filmstrip', () => {
    const { video, load } = renderPlayer({ processed: null });
    expect(video.getAttribute('src')).toBe('/media/clip.mov');
    expect(video.getAttribute('poster')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Switch to HD' })).toBeNull();
    load(20);
    const slider = screen.getByRole('slider', { name: 'Seek' });
    fireEvent.mouseMove(slider, { clientX: 0 });
    expect(slider.querySelector('.video-progress__preview')).toBeTruthy();
    expect(slider.querySelector('.video-progress__frame')).toBeNull();
  });
});
