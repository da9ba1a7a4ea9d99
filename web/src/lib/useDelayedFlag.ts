import { useEffect, useState } from 'react';

/**
 * True once `flag` has stayed true for `delayMs`; false as soon as it turns false. Keeps
 * quick loads from flashing a loader (spec 000 §4: the loader after 250 ms of loading,
 * 'Still sending...' after 500 ms of sending).
 */
export function useDelayedFlag(flag: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [flag, delayMs]);
  return flag && shown;
}
