// The confetti celebration (spec 000 §1, §9): thrown once, when a user's first post goes out.
// The server says which save that was (`first_post`: the first published post on any of the
// writer's blogs), since only it knows every blog's posts.
import { fireConfetti } from './confetti';

export { CONFETTI_OPTIONS, fireConfetti } from './confetti';

/** Celebrates a save or a publish if it put out the user's first post (`first_post`). */
export function celebrateFirstPost(firstPost: boolean): void {
  if (!firstPost) return;
  // A celebration that cannot be drawn (no canvas) is only missed: the post is saved.
  fireConfetti().catch((error: unknown) => console.warn('[dashwire] confetti', error));
}
