// The shortcut that opens fast compose (spec 001 §2): alt+c on a Mac, z then c elsewhere;
// only for a logged-in user, and not while typing in a field, while a dialog or the composer
// is up, or while shortcuts are suspended (the tour guide, spec 000 §4).
import { useEffect, useRef } from 'react';
import { useSuspended } from '../suspension';

/** The z of z-then-c counts for this long (not in the spec; long enough for two key presses). */
export const Z_THEN_C_MS = 1000;

export function isMacPlatform(nav: Pick<Navigator, 'platform' | 'userAgent'> = navigator): boolean {
  return /Mac|iPhone|iPad|iPod/i.test(nav.platform || nav.userAgent);
}

/** Where typing a c means a c. */
function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** Something modal is up: the shortcut waits. */
function modalOpen(): boolean {
  return document.querySelector('[aria-modal="true"], .dialog-backdrop') !== null;
}

export function useFastComposeShortcut(open: () => void, enabled: boolean, mac: boolean = isMacPlatform()): void {
  const latest = useRef(open);
  latest.current = open;
  const suspended = useSuspended();
  const listening = enabled && !suspended;

  useEffect(() => {
    if (!listening) return;
    let zAt = -Infinity;
    const onKeyDown = (e: KeyboardEvent) => {
      if (isTypingTarget(e.target) || modalOpen()) return;
      // e.code: with alt held a Mac types ç, but the key is still KeyC.
      const c = e.code === 'KeyC' || e.key.toLowerCase() === 'c';
      if (mac) {
        if (c && e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
          e.preventDefault();
          latest.current();
        }
        return;
      }
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (e.key.toLowerCase() === 'z') {
        zAt = e.timeStamp;
      } else if (c && e.timeStamp - zAt <= Z_THEN_C_MS) {
        zAt = -Infinity;
        e.preventDefault();
        latest.current();
      } else {
        zAt = -Infinity;
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [listening, mac]);
}
