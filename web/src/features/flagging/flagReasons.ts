// Why something is flagged, in the words people choose from (the server's reasons: spam,
// harassment, sensitive, other), and what a flag needs before it may go (docs/api.md
// /svc/post/flag: a note of at most 500 characters, needed with `other`).
import type { Reason } from '../../api/flagEndpoints';

/** The reasons in the order the form offers them, each with its label. */
export const FLAG_REASONS: readonly { reason: Reason; label: string }[] = [
  { reason: 'spam', label: 'Spam' },
  { reason: 'harassment', label: 'Harassment or hate' },
  { reason: 'sensitive', label: "Sensitive content that isn't marked" },
  { reason: 'other', label: 'Something else' },
];

/** The longest note the server takes (characters). */
export const MAX_FLAG_NOTE_CHARS = 500;

/** What the form says while 'Something else' waits for its note: the server's own words. */
export const NOTE_NEEDED = 'Say what is wrong in the note.';

/** A reason's label; a reason this client does not know (a newer server's) as it is. */
export function reasonLabel(reason: string): string {
  return FLAG_REASONS.find((r) => r.reason === reason)?.label ?? reason;
}

/** The note is needed: 'Something else' says nothing without it. */
export function noteIsMissing(reason: Reason | null, note: string): boolean {
  return reason === 'other' && note.trim() === '';
}

/** Send may go: a reason chosen, a note where one is needed. */
export function canSendFlag(reason: Reason | null, note: string): reason is Reason {
  return reason !== null && !noteIsMissing(reason, note) && note.length <= MAX_FLAG_NOTE_CHARS;
}

/**
 * Characters left of the note. Counted as the textarea's maxLength counts (UTF-16 units), so
 * it reaches 0 where typing stops; that is never more than the server's 500 characters.
 */
export function noteCharsLeft(note: string): number {
  return MAX_FLAG_NOTE_CHARS - note.length;
}
