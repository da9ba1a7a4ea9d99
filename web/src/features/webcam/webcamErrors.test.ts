import { describe, expect, it } from 'vitest';
import { webcamError, webcamErrorOf } from './webcamErrors';

const domError = (name: string) => new DOMException('refused', name);

describe('webcam errors (002 §5, §8; 001 §8)', () => {
  it('says a selfie needs a webcam when none is found', () => {
    for (const name of ['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError']) {
      expect(webcamErrorOf(domError(name))).toEqual({ kind: 'noDevice', text: 'You need a webcam to take a selfie.' });
    }
  });

  it('tells a refused camera from a busy one', () => {
    expect(webcamErrorOf(domError('NotAllowedError')).kind).toBe('blocked');
    expect(webcamErrorOf(domError('SecurityError')).kind).toBe('blocked');
    expect(webcamErrorOf(domError('NotAllowedError')).text).toBe(
      "Your browser isn't letting us use your webcam. Allow it in the browser's settings, and try again.",
    );
    expect(webcamErrorOf(domError('NotReadableError')).kind).toBe('busy');
    expect(webcamErrorOf(domError('AbortError')).kind).toBe('busy');
  });

  it('answers anything else as a webcam that could not start', () => {
    expect(webcamErrorOf(new TypeError('bad constraints'))).toEqual({ kind: 'failed', text: "Your webcam couldn't be started." });
    expect(webcamErrorOf('nonsense').kind).toBe('failed');
    expect(webcamErrorOf(null).kind).toBe('failed');
  });

  it("has the spec's words for a browser without getUserMedia", () => {
    expect(webcamError('unsupported').text).toBe('VideoStream: Cannot initialize without getUserMedia support');
  });
});
