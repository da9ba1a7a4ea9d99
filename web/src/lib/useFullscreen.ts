import { useEffect, useState, type RefObject } from 'react';

/**
 * Full screen for one element: whether it is, a toggle, and whether the page can at all (a
 * browser without the Fullscreen API, or a frame that does not allow it, gets no button).
 */
export function useFullscreen(element: RefObject<HTMLElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () =>
      setFullscreen(document.fullscreenElement != null && document.fullscreenElement === element.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [element]);
  const supported = typeof HTMLElement.prototype.requestFullscreen === 'function' && document.fullscreenEnabled !== false;
  const toggle = () => {
    // A refusal (no user gesture, a policy) leaves the page as it was: nothing to tell.
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void element.current?.requestFullscreen().catch(() => undefined);
  };
  return { fullscreen, supported, toggle };
}
