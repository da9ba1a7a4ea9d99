import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

afterEach(() => vi.useRealTimers());

describe('throttle', () => {
  it('runs at once, then once more at the end of the wait for the calls within it', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 300);
    throttled();
    expect(fn).toHaveBeenCalledTimes(1);
    throttled();
    throttled();
    vi.advanceTimersByTime(299);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(300);
    throttled();
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('drops a waiting run on cancel', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 300);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
