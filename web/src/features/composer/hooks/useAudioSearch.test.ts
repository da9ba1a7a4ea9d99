import { describe, expect, it } from 'vitest';
import { audioSearchPlan } from './useAudioSearch';

describe('the audio search plan (spec 001 §8, §9)', () => {
  it('searches spotify and soundcloud, 4 results each', () => {
    expect(audioSearchPlan(false, 'new')).toEqual({ providers: ['spotify', 'soundcloud'], limit: 4 });
    expect(audioSearchPlan(false, 'edit')).toEqual({ providers: ['spotify', 'soundcloud'], limit: 4 });
  });

  it('in the copyright fallback, 3 results each, and youtube too in new mode only', () => {
    expect(audioSearchPlan(true, 'new')).toEqual({ providers: ['spotify', 'soundcloud', 'youtube'], limit: 3 });
    expect(audioSearchPlan(true, 'edit')).toEqual({ providers: ['spotify', 'soundcloud'], limit: 3 });
    expect(audioSearchPlan(true, 'reblog')).toEqual({ providers: ['spotify', 'soundcloud'], limit: 3 });
  });

  it('is the same value each time, so that the search is not asked again on every render', () => {
    expect(audioSearchPlan(true, 'new')).toBe(audioSearchPlan(true, 'new'));
  });
});
