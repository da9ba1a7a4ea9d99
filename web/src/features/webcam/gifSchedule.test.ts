import { describe, expect, it } from 'vitest';
import { gifFrameTimes, gifStartBufferMs } from './gifSchedule';
import { defaultWebcamSettings, gifFrameSize } from './webcamSettings';

describe('the GIF frame schedule (002 §4, §9)', () => {
  const settings = defaultWebcamSettings();

  it('takes 4 frames, one per 1000 ms tick, after a start buffer of one tick', () => {
    expect(gifStartBufferMs(settings)).toBe(1000);
    expect(gifFrameTimes(settings)).toEqual([2000, 3000, 4000, 5000]);
  });

  it('follows the settings', () => {
    expect(gifFrameTimes({ timePerFrame: 500, gifFrameCount: 3 })).toEqual([1000, 1500, 2000]);
  });

  it('takes frames at half the camera size', () => {
    expect(gifFrameSize(settings)).toEqual({ width: 270, height: 203 });
  });
});
