// The popover's end after a share went (spec 002 §4, §9): it stays 1250 ms showing 'Sent!',
// fades for 150 ms, then closes.
import { useCallback, useEffect, useRef, useState } from 'react';
import { FADE_MS, SENT_FADE_DELAY_MS } from './shareRules';

export function useFadeOut(onClose: () => void): { fading: boolean; fadeOut(): void } {
  const [fading, setFading] = useState(false);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);
  const fadeOut = useCallback(() => {
    timers.current.push(
      window.setTimeout(() => {
        setFading(true);
        timers.current.push(window.setTimeout(onClose, FADE_MS));
      }, SENT_FADE_DELAY_MS),
    );
  }, [onClose]);
  return { fading, fadeOut };
}
