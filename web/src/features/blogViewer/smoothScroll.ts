// Scrolling the blog viewer's list smoothly to a post (spec 000 §9 Blog viewer: scroll speed
// 200 ms), from wherever a scroll already on its way is going.

/** Spec 000 §9 Blog viewer: j and k scroll this fast. */
export const SCROLL_MS = 200;

/** The scroll animation running on an element: where it goes, and how to stop it. */
const scrolling = new WeakMap<HTMLElement, { to: number; stop(): void }>();

/** Where `el` is scrolled to, or is on its way to: keys pressed quickly go on from there. */
export function scrollPosition(el: HTMLElement): number {
  return scrolling.get(el)?.to ?? el.scrollTop;
}

/**
 * Scrolls `el` to `top` over SCROLL_MS (spec 000 §9). Frames ease it there; a timer makes
 * sure it arrives where frames are not drawn (a hidden page, a test without layout).
 */
export function scrollSmoothly(el: HTMLElement, top: number) {
  scrolling.get(el)?.stop();
  const from = el.scrollTop;
  const to = Math.max(0, top);
  if (from === to) return;
  const start = performance.now();
  let frame = 0;
  const step = () => {
    const t = Math.min(1, (performance.now() - start) / SCROLL_MS);
    el.scrollTop = from + (to - from) * (1 - (1 - t) * (1 - t));
    if (t < 1 && typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(step);
  };
  const arrive = setTimeout(() => {
    stop();
    el.scrollTop = to;
  }, SCROLL_MS);
  const stop = () => {
    if (frame && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    clearTimeout(arrive);
    scrolling.delete(el);
  };
  scrolling.set(el, { to, stop });
  step();
}
