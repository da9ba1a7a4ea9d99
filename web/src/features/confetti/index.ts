// The confetti celebration (spec 000 §1, §9): thrown once, when a blog's first post is made.
import type { SaveAnswer } from '../../api/types/SaveAnswer';
import { fireConfetti } from './confetti';
import { isFirstPost } from './firstPost';

export { CONFETTI_OPTIONS, fireConfetti } from './confetti';
export { isFirstPost } from './firstPost';

/** Celebrates `answer` if it made the blog's first post. */
export function celebrateFirstPost(answer: SaveAnswer): void {
  if (!isFirstPost(answer)) return;
  // A celebration that cannot be drawn (no canvas) is only missed: the post is saved.
  fireConfetti().catch((error: unknown) => console.warn('[dashwire] confetti', error));
}
