import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { LOAD_RETRIES, loadError, retryDelay, shouldRetry } from './queryClient';

describe('the query client', () => {
  it('tries a load again after a network failure or a server error, a few times', () => {
    for (const error of [new ApiError(0, ['offline']), new ApiError(500, ['oops']), new ApiError(503, []), new TypeError('x')]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(LOAD_RETRIES - 1, error)).toBe(true);
      expect(shouldRetry(LOAD_RETRIES, error)).toBe(false);
    }
  });

  it("waits what a 503's Retry-After asks before trying a load again, else backs off", () => {
    const unavailable = new ApiError(503, ['The service is unavailable for a moment.'], ['unavailable'], {}, 2000);
    expect(retryDelay(0, unavailable)).toBe(2000);
    expect(retryDelay(1, unavailable)).toBe(2000);
    expect(retryDelay(0, new ApiError(500, ['oops']))).toBe(1000);
    expect(retryDelay(2, new ApiError(0, ['offline']))).toBe(4000);
    expect(retryDelay(10, new TypeError('x'))).toBe(30_000);
  });

  it('does not try a 4xx answer again: it would say the same', () => {
    for (const status of [400, 403, 404, 429]) expect(shouldRetry(0, new ApiError(status, ['no']))).toBe(false);
  });

  it("shows a failed load's texts, but not while it is being tried again", () => {
    const error = new ApiError(500, ['Something broke.', 'Try later.']);
    expect(loadError({ error, isFetching: false })).toBe('Something broke. Try later.');
    expect(loadError({ error, isFetching: true })).toBeNull();
    expect(loadError({ error: null, isFetching: false })).toBeNull();
  });
});
