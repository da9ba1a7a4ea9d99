// The custom tweet's length (spec 001 §5 Tweet): `limits.tweetChars` characters, a link
// counting as the short URL length, `limits.shortUrlChars`, whatever its real length;
// counted as the server counts (src/composer/form/), with the server's limits.
// The spec's "link placeholder" is read as a link word (http:// or https://, as the count
// reads it): only one is kept, so a second link typed or pasted is dropped on input.
import type { ComposerLimits } from '../../../api/composerModels';

/** The limits a tweet is counted by. */
export type TweetLimits = Pick<ComposerLimits, 'tweetChars' | 'shortUrlChars'>;

const LINK = /^https?:\/\//;

/** How many characters the tweet takes. */
export function tweetLength(text: string, limits: TweetLimits): number {
  if (text === '') return 0;
  return text
    .split(' ')
    .reduce(
      (sum, word, i) => sum + (LINK.test(word) ? limits.shortUrlChars : Array.from(word).length) + (i > 0 ? 1 : 0),
      0,
    );
}

/** The count the tweet popover shows: characters left. */
export function tweetRemaining(text: string, limits: TweetLimits): number {
  return limits.tweetChars - tweetLength(text, limits);
}

/** The tweet with only its first link: later ones are removed with the space before them. */
export function keepOneLink(text: string): string {
  let seen = false;
  const words = text.split(' ').filter((word) => {
    if (!LINK.test(word)) return true;
    if (seen) return false;
    seen = true;
    return true;
  });
  return words.join(' ');
}

/** The tweet as typing leaves it: one link kept, then cut to fit (truncated on input). */
export function fitTweet(text: string, limits: TweetLimits): string {
  let chars = Array.from(keepOneLink(text));
  while (chars.length > 0 && tweetLength(chars.join(''), limits) > limits.tweetChars) chars = chars.slice(0, -1);
  return chars.join('');
}
