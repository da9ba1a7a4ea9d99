import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance } from '../../../test/time';
import { grabGifFrame, snapPicture } from '../capture';
import type { CapturedImage } from '../capturedImage';
import { fakeCamera, type FakeCamera } from '../fakeCamera';
import { encodeGif } from '../gifWorkerPool';
import { defaultWebcamSettings } from '../webcamSettings';
import { WebcamWidget } from './WebcamWidget';

// jsdom draws nothing on a canvas and has no workers: the picture and the GIF are stand-ins.
vi.mock('../capture', () => ({
  snapPicture: vi.fn(
    (_video: HTMLVideoElement, o: { width: number; height: number }): CapturedImage => ({
      width: o.width,
      height: o.height,
      base64: 'data:image/jpeg;base64,/9j/4A==',
      isGif: false,
    }),
  ),
  grabGifFrame: vi.fn((_video: HTMLVideoElement, o: { width: number; height: number }) => ({
    rgba: new Uint8ClampedArray(o.width * o.height * 4),
    width: o.width,
    height: o.height,
  })),
}));
vi.mock('../gifWorkerPool', () => ({ encodeGif: vi.fn() }));

let camera: FakeCamera;
beforeEach(() => {
  vi.useFakeTimers();
  camera = fakeCamera();
  vi.mocked(snapPicture).mockClear();
  vi.mocked(grabGifFrame).mockClear();
  vi.mocked(encodeGif).mockReset();
});
afterEach(() => {
  vi.useRealTimers();
  camera.restore();
});

function renderWidget(overrides = {}) {
  const props = { onPicture: vi.fn(), onRemove: vi.fn(), onError: vi.fn() };
  const view = render(<WebcamWidget settings={{ ...defaultWebcamSettings(), retina: false, ...overrides }} {...props} />);
  return { ...props, ...view };
}

/** The camera allowed and playing: the controls are up. */
async function running(overrides = {}) {
  const widget = renderWidget(overrides);
  camera.allow();
  await advance();
  fireEvent.playing(screen.getByLabelText('Camera'));
  await advance();
  screen.getByRole('button', { name: 'Snap' });
  return widget;
}

const liveRegion = () => document.querySelector('[aria-live="polite"]')!.textContent;
const snap = (init: MouseEventInit = {}) => fireEvent.click(screen.getByRole('button', { name: 'Snap' }), init);

describe('the webcam widget (002 §2, §4)', () => {
  it('asks for the camera, video only, and shows the permission arrow if it is still pending after 1 s', async () => {
    renderWidget();
    expect(camera.getUserMedia).toHaveBeenCalledWith({ audio: false, video: { width: { ideal: 540 }, height: { ideal: 405 } } });
    await advance(999);
    expect(screen.queryByText('Click Allow, up there, to use your webcam')).toBeNull();
    await advance(1);
    expect(screen.getByText('Click Allow, up there, to use your webcam')).toBeTruthy();
    camera.allow();
    await advance();
    fireEvent.playing(screen.getByLabelText('Camera'));
    expect(screen.queryByText('Click Allow, up there, to use your webcam')).toBeNull();
    expect(screen.getByRole('button', { name: 'Snap' })).toBeTruthy();
  });

  it('shows no arrow when the camera is allowed within 1 s', async () => {
    await running();
    await advance(2000);
    expect(screen.queryByText('Click Allow, up there, to use your webcam')).toBeNull();
  });

  it('snaps a mirrored JPEG after a 3 s countdown, announced on the dial', async () => {
    const { onPicture } = await running();
    snap();
    expect(screen.getByRole('timer', { name: 'Countdown' }).textContent).toBe('3');
    expect(liveRegion()).toBe('3');
    await advance(1000);
    expect(liveRegion()).toBe('2');
    await advance(1000);
    expect(liveRegion()).toBe('1');
    await advance(999);
    expect(snapPicture).not.toHaveBeenCalled();
    await advance(1);
    expect(snapPicture).toHaveBeenCalledTimes(1);
    expect(vi.mocked(snapPicture).mock.calls[0][1]).toMatchObject({ width: 540, height: 405, mirrored: true, scale: 1 });
    expect(screen.getByRole('img', { name: 'Your photo' }).getAttribute('src')).toBe('data:image/jpeg;base64,/9j/4A==');
    expect(liveRegion()).toBe('Photo taken');
    fireEvent.click(screen.getByRole('button', { name: 'Use this photo' }));
    expect(camera.track.stop).toHaveBeenCalled();
    expect(onPicture).toHaveBeenCalledWith(expect.objectContaining({ width: 540, height: 405, isGif: false }));
  });

  it('doubles the canvas on a retina screen', async () => {
    await running({ retina: true });
    expect(camera.getUserMedia).toHaveBeenCalledWith({ audio: false, video: { width: { ideal: 1080 }, height: { ideal: 810 } } });
    snap({ altKey: true });
    expect(vi.mocked(snapPicture).mock.calls[0][1]).toMatchObject({ width: 1080, height: 810, scale: 2 });
  });

  it('skips the countdown on an Alt-click, without flipping the mirror', async () => {
    await running();
    fireEvent.keyDown(window, { key: 'Alt', altKey: true });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Snap' }), { altKey: true });
    snap({ altKey: true });
    fireEvent.keyUp(window, { key: 'Alt' });
    expect(snapPicture).toHaveBeenCalledTimes(1);
    expect(vi.mocked(snapPicture).mock.calls[0][1].mirrored).toBe(true);
  });

  it('retakes: back to the snap button', async () => {
    await running();
    snap({ altKey: true });
    fireEvent.click(screen.getByRole('button', { name: 'Retake' }));
    expect(screen.getByRole('button', { name: 'Snap' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('toggles the mirror with Cmd or Alt, in the preview and in the picture', async () => {
    await running();
    const video = screen.getByLabelText('Camera');
    expect(video.classList.contains('is-mirrored')).toBe(true);
    fireEvent.keyDown(window, { key: 'Meta' });
    fireEvent.keyUp(window, { key: 'Meta' });
    expect(video.classList.contains('is-mirrored')).toBe(false);
    snap({ altKey: true });
    expect(vi.mocked(snapPicture).mock.calls[0][1].mirrored).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Retake' }));
    fireEvent.keyDown(window, { key: 'Alt' });
    fireEvent.keyUp(window, { key: 'Alt' });
    expect(screen.getByLabelText('Camera').classList.contains('is-mirrored')).toBe(true);
  });

  it('flashes while Shift is held: lit 300 ms before the picture, then fading out', async () => {
    await running();
    const flash = document.querySelector('.webcam__flash')!;
    fireEvent.keyDown(window, { key: 'Shift', shiftKey: true });
    expect(screen.getByRole('button', { name: 'Flash' }).classList.contains('is-lit')).toBe(true);
    snap({ altKey: true });
    expect(flash.classList.contains('is-lit')).toBe(true);
    await advance(299);
    expect(snapPicture).not.toHaveBeenCalled();
    await advance(1);
    expect(snapPicture).toHaveBeenCalledTimes(1);
    expect(flash.classList.contains('is-lit')).toBe(false);
    expect((flash as HTMLElement).style.transitionDuration).toBe('250ms');
  });

  it('has a flash button that stays on', async () => {
    await running();
    const button = screen.getByRole('button', { name: 'Flash' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    snap({ altKey: true });
    expect(document.querySelector('.webcam__flash.is-lit')).not.toBeNull();
    await advance(300);
    expect(snapPicture).toHaveBeenCalledTimes(1);
  });

  it('makes a GIF: a start buffer, 4 frames one per second at half size, processing, then the preview', async () => {
    let finish: (bytes: Uint8Array) => void = () => undefined;
    vi.mocked(encodeGif).mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const { onPicture } = await running();
    fireEvent.click(screen.getByRole('button', { name: 'GIF' }));
    expect(liveRegion()).toBe('Get ready: a GIF of 4 frames');
    // Time since GIF was pressed, and the frames taken by then.
    let now = 0;
    const framesAt = async (at: number) => {
      await advance(at - now);
      now = at;
      return vi.mocked(grabGifFrame).mock.calls.length;
    };
    expect(await framesAt(1000)).toBe(0);
    expect(liveRegion()).toBe('Frame 1 of 4');
    expect(await framesAt(1999)).toBe(0);
    expect(await framesAt(2000)).toBe(1);
    expect(liveRegion()).toBe('Frame 2 of 4');
    expect(await framesAt(2999)).toBe(1);
    expect(await framesAt(3000)).toBe(2);
    expect(await framesAt(4000)).toBe(3);
    expect(await framesAt(4999)).toBe(3);
    expect(encodeGif).not.toHaveBeenCalled();
    expect(await framesAt(5000)).toBe(4);
    expect(grabGifFrame).toHaveBeenCalledTimes(4);
    expect(vi.mocked(grabGifFrame).mock.calls[0][1]).toMatchObject({ width: 270, height: 203, scale: 0.5, mirrored: true });
    const processing = screen.getByRole('button', { name: 'Processing' }) as HTMLButtonElement;
    expect(processing.disabled).toBe(true);
    expect(liveRegion()).toBe('Making the GIF');
    expect(vi.mocked(encodeGif).mock.calls[0][0]).toHaveLength(4);
    expect(vi.mocked(encodeGif).mock.calls[0][1]).toEqual({ delayMs: 200 });
    await act(async () => finish(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x3b])));
    expect(screen.getByRole('img', { name: 'Your GIF' }).getAttribute('src')).toBe('data:image/gif;base64,R0lGODlhOw==');
    fireEvent.click(screen.getByRole('button', { name: 'Use this GIF' }));
    expect(camera.track.stop).toHaveBeenCalled();
    expect(onPicture).toHaveBeenCalledWith({ width: 270, height: 203, base64: 'data:image/gif;base64,R0lGODlhOw==', isGif: true });
  });

  it('goes back to the camera when the GIF could not be made', async () => {
    vi.mocked(encodeGif).mockRejectedValue(new Error('worker failed'));
    await running();
    fireEvent.click(screen.getByRole('button', { name: 'GIF' }));
    await advance(5000);
    expect(screen.getByRole('button', { name: 'Snap' })).toBeTruthy();
    expect(liveRegion()).toBe("The GIF couldn't be made. Try again?");
  });

  it('hides the controls 500 ms after the pointer leaves, and shows them when it is back', async () => {
    const { container } = await running();
    const widget = container.querySelector('.webcam')!;
    fireEvent.pointerLeave(widget);
    await advance(499);
    expect(widget.classList.contains('is-controls-hidden')).toBe(false);
    await advance(1);
    expect(widget.classList.contains('is-controls-hidden')).toBe(true);
    fireEvent.pointerEnter(widget);
    expect(widget.classList.contains('is-controls-hidden')).toBe(false);
  });

  it('makes the primary button 60 wide, 150 with the GIF mode', async () => {
    const { container, unmount } = await running();
    expect((container.querySelector('.webcam__primary') as HTMLElement).style.minWidth).toBe('150px');
    unmount();
    const other = await running({ enableGifMode: false });
    expect((other.container.querySelector('.webcam__primary') as HTMLElement).style.minWidth).toBe('60px');
    expect(screen.queryByRole('button', { name: 'GIF' })).toBeNull();
  });

  it('removes: the caller closes it, and closing stops the camera', async () => {
    const { onRemove, unmount } = await running();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalled();
    expect(camera.track.stop).not.toHaveBeenCalled();
    unmount();
    expect(camera.track.stop).toHaveBeenCalled();
  });

  it('stops a camera that answers after the widget closed', async () => {
    const { unmount } = renderWidget();
    unmount();
    camera.allow();
    await advance();
    expect(camera.track.stop).toHaveBeenCalled();
  });
});

describe('webcam errors in the widget (002 §8)', () => {
  it('signals a refused camera', async () => {
    const { onError } = renderWidget();
    camera.refuse('NotAllowedError');
    await advance();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'blocked' }));
  });

  it('signals a missing camera', async () => {
    const { onError } = renderWidget();
    camera.refuse('NotFoundError');
    await advance();
    expect(onError).toHaveBeenCalledWith({ kind: 'noDevice', text: 'You need a webcam to take a selfie.' });
  });

  it('signals a stream that ends by itself', async () => {
    const { onError } = await running();
    camera.track.end();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'stopped' }));
  });

  it('signals a browser without getUserMedia', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    const { onError } = renderWidget();
    expect(onError).toHaveBeenCalledWith({ kind: 'unsupported', text: 'VideoStream: Cannot initialize without getUserMedia support' });
  });
});
