/**
 * `fn` at most once per `ms`: at once, then, for calls within `ms` of the last run, once more
 * when the time is up, so the last call always runs. `cancel()` drops a run still waiting.
 */
export function throttle(fn: () => void, ms: number): { (): void; cancel(): void } {
  let lastRun = 0;
  let trailing: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    lastRun = Date.now();
    fn();
  };
  const call = () => {
    const wait = lastRun + ms - Date.now();
    if (wait <= 0) {
      run();
    } else {
      trailing ??= setTimeout(() => {
        trailing = null;
        run();
      }, wait);
    }
  };
  call.cancel = () => {
    if (trailing !== null) clearTimeout(trailing);
    trailing = null;
  };
  return call;
}
