import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLLED_PAST_DEBOUNCE_MS, SCROLLED_PAST_FRACTION } from './constants';
import { usePercentScrollPager } from './usePercentScrollPager';

/** An element that scrolls: 1000 px of content in a 100 px view, scrolled to `scrollTop`. */
function scrollingElement(layout = { scrollTop: 0, clientHeight: 100, scrollHeight: 1000 }) {
  const el = document.createElement('div');
  for (const key of ['scrollTop', 'clientHeight', 'scrollHeight'] as const) {
    Object.defineProperty(el, key, { configurable: true, get: () => layout[key] });
  }
  /** Scrolls to `top` and says so, as the browser would. */
  const scrollTo = (top: number) => {
    layout.scrollTop = top;
    el.dispatchEvent(new Event('scroll'));
  };
  return { el, layout, scrollTo };
}

function renderPager(el: HTMLElement | null, { enabled = true, contentKey = 1 } = {}) {
  const onLoadMore = vi.fn();
  // One ref for every render, as a component's useRef gives.
  const scroller = { current: el };
  const hook = renderHook(
    (props: { enabled: boolean; contentKey: number }) =>
      usePercentScrollPager({ ...props, onLoadMore, scroller: el ? scroller : undefined }),
    { initialProps: { enabled, contentKey } },
  );
  return { onLoadMore, ...hook };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('usePercentScrollPager (spec 002 §9 Scrollbar)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires past 90 % scrolled, 150 ms after the scroll, and not at 89 %', () => {
    expect([SCROLLED_PAST_FRACTION, SCROLLED_PAST_DEBOUNCE_MS]).toEqual([0.9, 150]);
    const { el, scrollTo } = scrollingElement();
    const { onLoadMore } = renderPager(el);
    expect(onLoadMore).not.toHaveBeenCalled(); // 10 % in view: a page that scrolls waits

    act(() => scrollTo(790)); // 890 of 1000: 89 %
    wait(1000);
    expect(onLoadMore).not.toHaveBeenCalled();

    act(() => scrollTo(800)); // 900 of 1000: 90 %
    wait(149);
    expect(onLoadMore).not.toHaveBeenCalled();
    wait(1);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('fires once for several scrolls within 150 ms, 150 ms after the last', () => {
    const { el, scrollTo } = scrollingElement();
    const { onLoadMore } = renderPager(el);
    act(() => scrollTo(850));
    wait(100);
    act(() => scrollTo(880));
    wait(100);
    act(() => scrollTo(900));
    wait(149);
    expect(onLoadMore).not.toHaveBeenCalled();
    wait(1);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    wait(1000);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('reads where the scrolling stopped: scrolled back above 90 % before the 150 ms, it does not fire', () => {
    const { el, scrollTo } = scrollingElement();
    const { onLoadMore } = renderPager(el);
    act(() => scrollTo(900));
    wait(100);
    act(() => scrollTo(500));
    wait(1000);
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('never fires while a page is on its way or there is no more, nor for a scroll from before', () => {
    const { el, scrollTo } = scrollingElement();
    const { onLoadMore, rerender } = renderPager(el, { enabled: false });
    act(() => scrollTo(950));
    wait(1000);
    expect(onLoadMore).not.toHaveBeenCalled();

    // A page on its way while a scroll's check waits: the check is dropped.
    rerender({ enabled: true, contentKey: 1 });
    expect(onLoadMore).toHaveBeenCalledTimes(1); // past 90 % when it was enabled
    act(() => scrollTo(960));
    rerender({ enabled: false, contentKey: 1 });
    wait(1000);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('checks once when a page arrives: content too short to scroll asks for the next page at once', () => {
    const { el, layout } = scrollingElement({ scrollTop: 0, clientHeight: 500, scrollHeight: 300 });
    const { onLoadMore, rerender } = renderPager(el, { contentKey: 1 });
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    // The next page is on its way, then in, and still too short.
    rerender({ enabled: false, contentKey: 1 });
    layout.scrollHeight = 450;
    rerender({ enabled: true, contentKey: 2 });
    expect(onLoadMore).toHaveBeenCalledTimes(2);

    // The next one fills the view: from now on it waits for the reader to scroll.
    rerender({ enabled: false, contentKey: 2 });
    layout.scrollHeight = 2000;
    rerender({ enabled: true, contentKey: 3 });
    wait(1000);
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  describe('for the whole page', () => {
    const page = { scrollY: 0, innerHeight: 100, scrollHeight: 1000 };
    beforeEach(() => {
      Object.assign(page, { scrollY: 0, innerHeight: 100, scrollHeight: 1000 });
      Object.defineProperty(window, 'scrollY', { configurable: true, get: () => page.scrollY });
      Object.defineProperty(window, 'innerHeight', { configurable: true, get: () => page.innerHeight });
      Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => page.scrollHeight });
    });
    afterEach(() => {
      // Back to jsdom's own.
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: 768 });
      delete (document.documentElement as { scrollHeight?: number }).scrollHeight;
    });
    const scrollTo = (y: number) => {
      page.scrollY = y;
      window.dispatchEvent(new Event('scroll'));
    };

    it('fires past 90 % of the document, debounced, not at 89 %', () => {
      const { onLoadMore } = renderPager(null);
      expect(onLoadMore).not.toHaveBeenCalled();
      act(() => scrollTo(790));
      wait(1000);
      expect(onLoadMore).not.toHaveBeenCalled();
      act(() => scrollTo(800));
      wait(149);
      expect(onLoadMore).not.toHaveBeenCalled();
      wait(1);
      expect(onLoadMore).toHaveBeenCalledTimes(1);
    });

    it('checks again when the window is resized', () => {
      const { onLoadMore } = renderPager(null);
      page.innerHeight = 900;
      act(() => window.dispatchEvent(new Event('resize')));
      wait(SCROLLED_PAST_DEBOUNCE_MS);
      expect(onLoadMore).toHaveBeenCalledTimes(1);
    });

    it('stops listening once unmounted', () => {
      const { onLoadMore, unmount } = renderPager(null);
      act(() => scrollTo(950));
      unmount();
      wait(1000);
      expect(onLoadMore).not.toHaveBeenCalled();
    });
  });
});
