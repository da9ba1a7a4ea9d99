import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs` (what is typed, once typing stops), or at
 * once while `now` is true (nothing to wait for: an empty field, an answer already at hand).
 */
export function useDebouncedValue<T>(value: T, delayMs: number, { now = false }: { now?: boolean } = {}): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (now) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, now]);
  return now ? value : settled;
}
