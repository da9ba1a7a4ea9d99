import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance } from '../../../test/time';
import { DialogProvider } from '../../dialogs';
import { fakeCamera, type FakeCamera } from '../fakeCamera';
import { SelfieButton } from './SelfieButton';

vi.mock('../capture', () => ({
  snapPicture: vi.fn((_video: HTMLVideoElement, o: { width: number; height: number }) => ({
    width: o.width,
    height: o.height,
    base64: 'data:image/jpeg;base64,/9j/4A==',
    isGif: false,
  })),
  grabGifFrame: vi.fn(),
}));

let camera: FakeCamera;
beforeEach(() => {
  vi.useFakeTimers();
  camera = fakeCamera();
});
afterEach(() => {
  vi.useRealTimers();
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
    const file = onFile.mock.calls[0][0] as File;
    expect([file.name, file.type]).toEqual(['selfie.jpg', 'image/jpeg']);
    expect(document.activeElement).toBe(button);
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
