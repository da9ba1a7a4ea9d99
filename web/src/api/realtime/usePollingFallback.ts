import { useEffect, useRef } from 'react';
import { useRealtimeStatus } from './context';

/**
 * Calls `poll` every `intervalMs` while the socket is not open, and never while it is: live
 * events replace polling, and after a reconnect the resumed channels replay what was missed.
 * The next poll is timed from the end of the previous one, so slow answers never pile up.
 * The timer starts over whenever `resetKey` changes (e.g. another blog was chosen) or the
 * socket opens, and stops while `enabled` is false.
 */
export function usePollingFallback(
  poll: () => Promise<unknown>,
  intervalMs: number,
  { enabled = true, resetKey }: { enabled?: boolean; resetKey?: unknown } = {},
): void {
  // Keyed on "is it open", not on the status: a socket that keeps failing flips between
  // connecting and closed faster than the poll interval, which must not restart the timer.
  const down = useRealtimeStatus() !== 'open';
  const pollRef = useRef(poll);
  pollRef.current = poll;

  useEffect(() => {
    if (!enabled || !down) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        pollRef.current()
          .catch((err: unknown) => console.warn('poll failed', err))
          .finally(() => {
            if (!stopped) schedule();
          });
      }, intervalMs);
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [down, enabled, intervalMs, resetKey]);
}
