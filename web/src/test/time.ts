import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * With fake timers: lets `ms` of fake time pass, inside act(), and lets every promise that
 * becomes ready meanwhile (fake answers, follow-up timers) settle.
 */
export async function advance(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
