import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_MEDIA_QUERY, useIsPhone } from './breakpoint';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A matchMedia whose phone query answers `matches`, which `set` changes (a rotation). */
function stubMatchMedia(matches: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return matches;
    },
    media: PHONE_MEDIA_QUERY,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (media: string) => (media === PHONE_MEDIA_QUERY ? query : { matches: false, media }));
  return (next: boolean) => {
    matches = next;
    listeners.forEach((listener) => listener());
  };
}

describe('the phone breakpoint', () => {
  it('is below 768 px', () => {
    expect(PHONE_MEDIA_QUERY).toBe('(max-width: 767px)');
  });

  it('follows the viewport as it changes', () => {
    const set = stubMatchMedia(true);
    const { result } = renderHook(() => useIsPhone());
    expect(result.current).toBe(true);
    act(() => set(false));
    expect(result.current).toBe(false);
  });

  it('is the desktop layout where the page cannot ask', () => {
    vi.stubGlobal('matchMedia', undefined);
    const { result } = renderHook(() => useIsPhone());
    expect(result.current).toBe(false);
  });
});
