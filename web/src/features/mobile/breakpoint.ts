// Where the phone layout starts. The spec names no breakpoint, so the app picks 768 px: below
// it (a phone, held either way up on the small ones) the mobile header and drawer replace the
// page header. phone-pages.css repeats the number in its media queries (CSS cannot import it):
// change both together.
import { useSyncExternalStore } from 'react';

/** The widest viewport that gets the phone layout, in CSS pixels. */
export const PHONE_MAX_WIDTH = 767;
export const PHONE_MEDIA_QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;

/** The query, or null where the page cannot ask one (jsdom in tests: the desktop layout). */
function phoneQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_MEDIA_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

const isPhoneNow = () => phoneQuery()?.matches ?? false;

/** True while the viewport is phone-sized; follows rotation and resizing. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhoneNow, () => false);
}
