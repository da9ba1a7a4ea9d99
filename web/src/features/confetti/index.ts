// The confetti celebration (spec 000 §1, §9): thrown once, when a user's first post goes out.
// The server says which save that was (`first_post`: the first published post on any of the
// writer's blogs), since only it knows every blog's posts.
import type { SaveAnswer } from '../../api/types/SaveAnswer';
import { fireConfetti } from './confetti';

export { CONFETTI_OPTIONS, fireConfetti } from './confetti';

/** Celebrates `answer` if it published the user's first post. */
export function celebrateFirstPost(answer: Pick<SaveAnswer, 'first_post'>): void {
  if (!answer.first_post) return;
  // A celebration that cannot be drawn (no canvas) is only missed: the post is saved.
  fireConfetti().catch((error: unknown) => console.warn('[dashwire] confetti', error));
}
