// Autoplay (spec 002 §4 Video player): while it is on, the player plays, muted, whenever it is
// visible (100 px inside the viewport, §9) and pauses when it leaves, on a device that is not
// mobile and for a video longer than 1 s. Playing and pausing are the player's; this hook
// only watches and tells it when.
import { useEffect, useRef, type RefObject } from 'react';
import { MOBILE_MEDIA_QUERY, VIEWPORT_MARGIN, mayAutoplay } from './videoPlayer';

/** A finger for a pointer: a phone or a tablet, where nothing autoplays. */
function isMobile(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_MEDIA_QUERY).matches;
}

export function useVideoAutoplay(
  player: RefObject<HTMLElement | null>,
  {
    active,
    durationS,
    onVisible,
    onHidden,
  }: {
    /** Autoplay is on: asked for, and not stopped by a click or an error. */
    active: boolean;
    durationS: number;
    onVisible(): void;
    onHidden(): void;
  },
): void {
  const handlers = useRef({ onVisible, onHidden });
  handlers.current = { onVisible, onHidden };

  useEffect(() => {
    const element = player.current;
    // Without IntersectionObserver nothing can say the player is visible: it never autoplays.
    if (!active || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const mobile = isMobile();
    let playing = false;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting);
        if (mayAutoplay({ mobile, durationS, visible })) {
          playing = true;
          handlers.current.onVisible();
        } else if (playing) {
          playing = false;
          handlers.current.onHidden();
        }
      },
      { rootMargin: VIEWPORT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [player, active, durationS]);
}
