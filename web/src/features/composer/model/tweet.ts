// The custom tweet's length (spec 001 §5 Tweet): 140 characters, a link counting as the short
// URL length, 29, whatever its real length; counted as the server counts (src/posts/form.rs).
// The spec's "link placeholder" is read as a link word (http:// or https://, as the count
// reads it): only one is kept, so a second link typed or pasted is dropped on input.
import { SHORT_URL_CHARS, TWEET_MAX_CHARS } from '../constants';

const LINK = /^https?:\/\//;

/** How many characters the tweet takes. */
export function tweetLength(text: string): number {
  if (text === '') return 0;
  return text
    .split(' ')
    .reduce((sum, word, i) => sum + (LINK.test(word) ? SHORT_URL_CHARS : Array.from(word).length) + (i > 0 ? 1 : 0), 0);
}

/** The count the tweet popover shows: characters left. */
export function tweetRemaining(text: string): number {
  return TWEET_MAX_CHARS - tweetLength(text);
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
export function fitTweet(text: string): string {
  let chars = Array.from(keepOneLink(text));
  while (chars.length > 0 && tweetLength(chars.join('')) > TWEET_MAX_CHARS) chars = chars.slice(0, -1);
  return chars.join('');
}
