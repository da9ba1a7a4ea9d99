import { describe, expect, it } from 'vitest';
import { fitTweet, tweetLength, tweetRemaining } from './tweet';

describe('tweet length (spec 001 §5)', () => {
  it('counts a link as 29 characters whatever its length', () => {
    expect(tweetLength('look https://example.com/a/very/long/path/indeed')).toBe(5 + 29);
    expect(tweetLength('http://x.y')).toBe(29);
  });

  it('shows the characters remaining out of 140', () => {
    expect(tweetRemaining('')).toBe(140);
    expect(tweetRemaining('hello')).toBe(135);
  });

  it('truncates on input at 140', () => {
    expect(fitTweet('a'.repeat(150))).toBe('a'.repeat(140));
    const withLink = `${'a'.repeat(115)} https://example.com/x`;
    // 115 + 1 + 29 = 145: the link cannot fit, and is cut back until it is no longer a link.
    expect(tweetLength(fitTweet(withLink))).toBeLessThanOrEqual(140);
  });
});
