import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BAR_LOADER_STEP_MS, BarLoader } from './BarLoader';
import { ThreeBarLoader } from './ThreeBarLoader';

const litIndex = () =>
  Array.from(screen.getByRole('progressbar').children).findIndex((bar) => bar.classList.contains('is-lit'));

describe('BarLoader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('advances one bar every 300 ms, and no sooner', () => {
    render(<BarLoader label="Loading figures" />);
    expect(BAR_LOADER_STEP_MS).toBe(300);
    expect(screen.getByRole('progressbar', { name: 'Loading figures' })).toBeTruthy();
    expect(litIndex()).toBe(0);
    act(() => vi.advanceTimersByTime(299));
    expect(litIndex()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(litIndex()).toBe(1);
    act(() => vi.advanceTimersByTime(300 * 3));
    expect(litIndex()).toBe(4);
    // After the last bar it starts again from the first.
    act(() => vi.advanceTimersByTime(300));
    expect(litIndex()).toBe(0);
  });

  it('stops its timer when it goes', () => {
    const { unmount } = render(<BarLoader />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('ThreeBarLoader', () => {
  it('is a labelled progress bar of three bars', () => {
    render(<ThreeBarLoader label="Saving" />);
    const loader = screen.getByRole('progressbar', { name: 'Saving' });
    expect(loader.children).toHaveLength(3);
  });
});
