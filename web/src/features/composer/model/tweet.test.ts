import { describe, expect, it } from 'vitest';
import { fitTweet, keepOneLink, tweetLength, tweetRemaining } from './tweet';
import { testLimits } from './testFormData';

describe('tweet length (spec 001 §5)', () => {
  it('counts a link as 29 characters whatever its length', () => {
    expect(tweetLength('look https://example.com/a/very/long/path/indeed', testLimits)).toBe(5 + 29);
    expect(tweetLength('http://x.y', testLimits)).toBe(29);
  });

  it('shows the characters remaining out of 140', () => {
    expect(tweetRemaining('', testLimits)).toBe(140);
    expect(tweetRemaining('hello', testLimits)).toBe(135);
  });

  it('truncates on input at 140', () => {
    expect(fitTweet('a'.repeat(150), testLimits)).toBe('a'.repeat(140));
    const withLink = `${'a'.repeat(115)} https://example.com/x`;
    // 115 + 1 + 29 = 145: the link cannot fit, and is cut back until it is no longer a link.
    expect(tweetLength(fitTweet(withLink, testLimits), testLimits)).toBeLessThanOrEqual(140);
  });

  it('keeps only one link placeholder: the first link', () => {
    expect(keepOneLink('see https://a.example/1 and http://b.example/2 too')).toBe('see https://a.example/1 and too');
    expect(keepOneLink('https://a.example https://b.example')).toBe('https://a.example');
    expect(keepOneLink('no links here')).toBe('no links here');
    // A word that only starts like a link is no link yet.
    expect(keepOneLink('https://a.example http:/')).toBe('https://a.example http:/');
    // Typed or pasted, a second link does not stay, and counts nothing.
    expect(fitTweet('read https://a.example/x then https://b.example/y', testLimits)).toBe('read https://a.example/x then');
    expect(tweetLength(fitTweet('https://a.example https://b.example', testLimits), testLimits)).toBe(29);
  });
});
