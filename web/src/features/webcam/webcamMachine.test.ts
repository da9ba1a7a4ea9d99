import { describe, expect, it } from 'vitest';
import type { CapturedImage } from './capturedImage';
import { initialWebcamState, webcamReducer, type WebcamEvent, type WebcamState } from './webcamMachine';
import { defaultWebcamSettings } from './webcamSettings';

const photo: CapturedImage = { width: 540, height: 405, base64: 'data:image/jpeg;base64,AA==', isGif: false };
const gif: CapturedImage = { width: 270, height: 203, base64: 'data:image/gif;base64,AA==', isGif: true };

const run = (state: WebcamState, ...events: WebcamEvent[]) => events.reduce(webcamReducer, state);
const start = () => initialWebcamState({ ...defaultWebcamSettings(), retina: false });
const live = () => run(start(), { type: 'cameraStarted' });

describe('the webcam states (002 §4)', () => {
  it('waits for permission, with the arrow once it is due, then runs', () => {
    const waiting = run(start(), { type: 'permissionHintDue' });
    expect(waiting.phase.name).toBe('starting');
    expect(waiting.permissionHint).toBe(true);
    const running = run(waiting, { type: 'cameraStarted' });
    expect(running.phase.name).toBe('live');
    expect(running.permissionHint).toBe(false);
    // A hint that comes due after the camera started shows nothing.
    expect(run(running, { type: 'permissionHintDue' }).permissionHint).toBe(false);
  });

  it('ignores snap and GIF until the camera runs', () => {
    expect(run(start(), { type: 'snapPressed', skipCountdown: false }).phase.name).toBe('starting');
    expect(run(start(), { type: 'gifPressed' }).phase.name).toBe('starting');
  });

  it('snaps after a countdown of 3 s, previews, and retakes back to the snap button', () => {
    let state = run(live(), { type: 'snapPressed', skipCountdown: false });
    expect(state.phase).toEqual({ name: 'countdown', remainingS: 3 });
    state = run(state, { type: 'countdownTicked' }, { type: 'countdownTicked' });
    expect(state.phase).toEqual({ name: 'countdown', remainingS: 1 });
    // The seconds stop at 1: the snap waits for the tick's end.
    expect(run(state, { type: 'countdownTicked' }).phase).toEqual({ name: 'countdown', remainingS: 1 });
    state = run(state, { type: 'countdownEnded' });
    expect(state.phase.name).toBe('snapping');
    state = run(state, { type: 'snapped', picture: photo });
    expect(state.phase).toEqual({ name: 'preview', picture: photo });
    expect(run(state, { type: 'retakePressed' }).phase.name).toBe('live');
  });

  it('has no countdown with no timer', () => {
    const state = initialWebcamState({ ...defaultWebcamSettings(), defaultTimer: 0 });
    expect(run(state, { type: 'cameraStarted' }, { type: 'snapPressed', skipCountdown: false }).phase.name).toBe('snapping');
  });

  it('skips the countdown on an option-key click', () => {
    expect(run(live(), { type: 'snapPressed', skipCountdown: true }).phase.name).toBe('snapping');
  });

  it('lights the flash for a snap when it is on, or while Shift is held', () => {
    expect(run(live(), { type: 'snapPressed', skipCountdown: true }).flashLit).toBe(false);
    const withButton = run(live(), { type: 'flashToggled' }, { type: 'snapPressed', skipCountdown: true });
    expect(withButton.flashLit).toBe(true);
    const withShift = run(live(), { type: 'shiftChanged', held: true }, { type: 'snapPressed', skipCountdown: true });
    expect(withShift.flashLit).toBe(true);
    // Shift let go before the countdown ended: no flash.
    const letGo = run(
      live(),
      { type: 'shiftChanged', held: true },
      { type: 'snapPressed', skipCountdown: false },
      { type: 'shiftChanged', held: false },
      { type: 'countdownEnded' },
    );
    expect([letGo.phase.name, letGo.flashLit]).toEqual(['snapping', false]);
    expect(run(withShift, { type: 'snapped', picture: photo }).flashLit).toBe(false);
  });

  it('has no flash when the flash is not enabled', () => {
    const state = initialWebcamState({ ...defaultWebcamSettings(), enableFlash: false, flash: true });
    expect(run(state, { type: 'cameraStarted' }, { type: 'snapPressed', skipCountdown: true }).flashLit).toBe(false);
  });

  it('toggles the mirror', () => {
    expect(live().mirrored).toBe(true);
    expect(run(live(), { type: 'mirrorToggled' }).mirrored).toBe(false);
    expect(run(live(), { type: 'mirrorToggled' }, { type: 'mirrorToggled' }).mirrored).toBe(true);
  });

  it('makes a GIF: start buffer, 4 frames, processing, preview, retake', () => {
    let state = run(live(), { type: 'gifPressed' });
    expect(state.phase.name).toBe('gifStarting');
    state = run(state, { type: 'gifBufferEnded' });
    expect(state.phase).toEqual({ name: 'gifRecording', taken: 0 });
    state = run(state, { type: 'gifFrameTaken' }, { type: 'gifFrameTaken' }, { type: 'gifFrameTaken' });
    expect(state.phase).toEqual({ name: 'gifRecording', taken: 3 });
    state = run(state, { type: 'gifFrameTaken' });
    expect(state.phase.name).toBe('processing');
    state = run(state, { type: 'gifEncoded', picture: gif });
    expect(state.phase).toEqual({ name: 'preview', picture: gif });
    expect(run(state, { type: 'retakePressed' }).phase.name).toBe('live');
  });

  it('goes back to the camera, saying so, when the GIF could not be made', () => {
    const failed = run(live(), { type: 'gifPressed' }, { type: 'gifBufferEnded' }, ...Array(4).fill({ type: 'gifFrameTaken' }), { type: 'gifFailed' });
    expect([failed.phase.name, failed.failed]).toEqual(['live', true]);
    expect(run(failed, { type: 'snapPressed', skipCountdown: false }).failed).toBe(false);
  });

  it('has no GIF without GIF mode', () => {
    const state = initialWebcamState({ ...defaultWebcamSettings(), enableGifMode: false });
    expect(run(state, { type: 'cameraStarted' }, { type: 'gifPressed' }).phase.name).toBe('live');
  });
});
