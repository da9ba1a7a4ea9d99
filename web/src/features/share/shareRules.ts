// The share popover's rules and constants (spec 002 §5 Email share, Twitter share, Other share
// rules; §9 Share popover): what each form accepts and the counts it shows.
import type { KeyboardEvent } from 'react';

/** The popover fades out this long after 'Sent!' (§9)… */
export const SENT_FADE_DELAY_MS = 1250;
/** …over this long (the CSS reads it as --share-fade-ms). */
export const FADE_MS = 150;
/** The popover keeps this far from the edge of the page (§9). */
export const EDGE_MARGIN_PX = 10;

/** A tweet's characters (§5). */
export const TWEET_LIMIT = 140;
/** What the post's address placeholder counts as, wherever it stands in the tweet. */
export const URL_PLACEHOLDER_CHARS = 24;
/** The placeholder the tweet's text carries for the post's address. */
export const URL_PLACEHOLDER = '[URL]';
/** Under this many characters left, the tweet's counter warns. */
export const TWEET_WARNING_UNDER = 10;

/** The longest address an email share takes (§9). */
export const MAX_EMAIL_CHARS = 100;
/** The longest note an email share carries (§9). */
export const MAX_MESSAGE_CHARS = 255;
/** The note's counter shows once this many characters or fewer are left (§9). */
export const MESSAGE_COUNTER_FROM = 140;

/** How many characters a tweet has left: each [URL] counts as 24, whatever the address. */
export function tweetRemaining(text: string): number {
  const parts = text.split(URL_PLACEHOLDER);
  const placeholders = parts.length - 1;
  const chars = parts.reduce((sum, part) => sum + Array.from(part).length, 0);
  return TWEET_LIMIT - chars - placeholders * URL_PLACEHOLDER_CHARS;
}

/** A tweet may go when it is not empty (140 left) and not too long (fewer than 0 left). */
export function tweetIsValid(text: string): boolean {
  const remaining = tweetRemaining(text);
  return remaining >= 0 && remaining !== TWEET_LIMIT;
}

/** The loose pattern (§5): text, an at sign, text, a dot, text; nothing else between. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An address the email share's Send takes (the server checks it again). */
export function isEmailAddress(text: string): boolean {
  const address = text.trim();
  return Array.from(address).length <= MAX_EMAIL_CHARS && EMAIL_PATTERN.test(address);
}

/**
 * Characters left of the note, or null while the counter is hidden (more than 140 left).
 * Counted as the textarea's maxLength counts (UTF-16 units), so the counter reaches 0 where
 * typing stops; that is never more than the server's 255 characters.
 */
export function messageCounter(message: string): number | null {
  const remaining = MAX_MESSAGE_CHARS - message.length;
  return remaining <= MESSAGE_COUNTER_FROM ? remaining : null;
}

/** Ctrl, Meta or Alt with Enter submits a share form (§5 Other share rules). */
export function isSubmitChord(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return e.key === 'Enter' && (e.ctrlKey || e.metaKey || e.altKey);
}
