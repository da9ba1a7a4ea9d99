import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance } from '../../../test/time';
import { DialogProvider } from '../../dialogs';
import { grabGifFrame, snapPicture } from '../capture';
import { fakeCamera, type FakeCamera } from '../fakeCamera';
import { encodeGif } from '../gifWorkerPool';
import { SelfieButton } from './SelfieButton';

// jsdom draws nothing on a canvas and has no workers: the picture and the GIF are stand-ins.
vi.mock('../capture', () => ({
  snapPicture: vi.fn((_video: HTMLVideoElement, o: { width: number; height: number }) => ({
    width: o.width,
    height: o.height,
    base64: 'data:image/jpeg;base64,/9j/4A==',
    isGif: false,
  })),
  grabGifFrame: vi.fn((_video: HTMLVideoElement, o: { width: number; height: number }) => ({
    rgba: new Uint8ClampedArray(o.width * o.height * 4),
    width: o.width,
    height: o.height,
  })),
}));
vi.mock('../gifWorkerPool', () => ({ encodeGif: vi.fn(async () => new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x3b])) }));

/** The watermark's image (jsdom loads none): it loads when a test says. */
class FakeWatermark {
  static made: FakeWatermark[] = [];
  crossOrigin: string | null = null;
  onload: (() => void) | null = null;
  src = '';
  naturalWidth = 0;
  naturalHeight = 0;
  constructor() {
    FakeWatermark.made.push(this);
  }
}

let camera: FakeCamera;
beforeEach(() => {
  vi.useFakeTimers();
  camera = fakeCamera();
  FakeWatermark.made = [];
  vi.mocked(snapPicture).mockClear();
  vi.mocked(grabGifFrame).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  camera.restore();
});

function renderButton(disabled = false) {
  const onFile = vi.fn();
  render(
    <DialogProvider>
      <SelfieButton onFile={onFile} disabled={disabled} />
    </DialogProvider>,
  );
  return { onFile, button: screen.getByRole('button', { name: 'Take a selfie' }) as HTMLButtonElement };
}

async function openCamera(button: HTMLElement) {
  fireEvent.click(button);
  camera.allow();
  await advance();
  fireEvent.playing(screen.getByLabelText('Camera'));
  await advance();
}

describe("the photo form's 'Take a selfie' (001 §2)", () => {
  it('opens the webcam in a dialog; the photo used becomes selfie.jpg', async () => {
    const { onFile, button } = renderButton();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await openCamera(button);
    expect(screen.getByRole('dialog', { name: 'Take a selfie' })).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Snap' }));
    await advance(3000);
    fireEvent.click(screen.getByRole('button', { name: 'Use this photo' }));
    expect(camera.track.stop).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [file, isGif] = onFile.mock.calls[0] as [File, boolean];
    expect([file.name, file.type, isGif]).toEqual(['selfie.jpg', 'image/jpeg', false]);
    expect(document.activeElement).toBe(button);
  });

  it("the webcam's GIF becomes selfie.gif, said to be the GIF (001 §7 is_selfie_gif)", async () => {
    const { onFile, button } = renderButton();
    await openCamera(button);
    fireEvent.click(screen.getByRole('button', { name: 'GIF' }));
    await advance(5000);
    expect(encodeGif).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Use this GIF' }));
    const [file, isGif] = onFile.mock.calls[0] as [File, boolean];
    expect([file.name, file.type, isGif]).toEqual(['selfie.gif', 'image/gif', true]);
  });

  it("puts the app's watermark in its pictures: /images/webcam-watermark.png from this origin (002 §5)", async () => {
    vi.stubGlobal('Image', FakeWatermark);
    const { button } = renderButton();
    await openCamera(button);
    const [mark] = FakeWatermark.made;
    expect(mark.src).toBe(`${window.location.origin}/images/webcam-watermark.png`);
    expect(mark.crossOrigin).toBe('anonymous');
    Object.assign(mark, { naturalWidth: 98, naturalHeight: 18 });
    act(() => mark.onload?.());
    fireEvent.click(screen.getByRole('button', { name: 'Snap' }), { altKey: true });
    expect(vi.mocked(snapPicture).mock.calls[0][1].watermark).toBe(mark);
  });

  it('closes on Escape (only the webcam), stopping the camera', async () => {
    const { onFile, button } = renderButton();
    await openCamera(button);
    const outside = vi.fn();
    document.addEventListener('keydown', outside);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    document.removeEventListener('keydown', outside);
    expect(outside).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(camera.track.stop).toHaveBeenCalled();
    expect(onFile).not.toHaveBeenCalled();
  });

  it('keeps Tab inside the webcam', async () => {
    const { button } = renderButton();
    await openCamera(button);
    const dialog = screen.getByRole('dialog');
    const snap = screen.getByRole('button', { name: 'Snap' });
    const remove = screen.getByRole('button', { name: 'Remove' });
    expect(document.activeElement).toBe(snap);
    remove.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Flash' }));
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(remove);
  });

  it('alerts that a selfie needs a webcam when none is found, and switches the option off (001 §8)', async () => {
    const { button } = renderButton();
    fireEvent.click(button);
    await act(async () => camera.refuse('NotFoundError'));
    expect(screen.queryByRole('dialog', { name: 'Take a selfie' })).toBeNull();
    expect(screen.getByRole('alertdialog').textContent).toContain('You need a webcam to take a selfie.');
    expect(button.disabled).toBe(true);
  });

  it('alerts any other webcam error, and lets the user try again', async () => {
    const { button } = renderButton();
    fireEvent.click(button);
    await act(async () => camera.refuse('NotAllowedError'));
    expect(screen.queryByRole('dialog', { name: 'Take a selfie' })).toBeNull();
    expect(screen.getByRole('alertdialog').textContent).toContain("Your browser isn't letting us use your webcam.");
    expect(button.disabled).toBe(false);
  });

  it('is off while the form is', () => {
    expect(renderButton(true).button.disabled).toBe(true);
  });
});
