import { describe, expect, it } from 'vitest';
import { audioSearchPlan } from './useAudioSearch';

describe('the audio search plan (spec 001 §8, §9)', () => {
  it('searches spotify, soundcloud and Apple Music, as many results each as the server gives', () => {
    expect(audioSearchPlan(false, 'new', 4)).toEqual({ providers: ['spotify', 'soundcloud', 'apple_music'], limit: 4 });
    expect(audioSearchPlan(false, 'edit', 4)).toEqual({ providers: ['spotify', 'soundcloud', 'apple_music'], limit: 4 });
  });

  it('in the copyright fallback, 3 results each, and youtube too in new mode only', () => {
    expect(audioSearchPlan(true, 'new', 4)).toEqual({ providers: ['spotify', 'soundcloud', 'youtube'], limit: 3 });
    expect(audioSearchPlan(true, 'edit', 4)).toEqual({ providers: ['spotify', 'soundcloud'], limit: 3 });
    expect(audioSearchPlan(true, 'reblog', 4)).toEqual({ providers: ['spotify', 'soundcloud'], limit: 3 });
  });

  it('is the same value each time, so that the search is not asked again on every render', () => {
    expect(audioSearchPlan(true, 'new', 4)).toBe(audioSearchPlan(true, 'new', 4));
  });
});
