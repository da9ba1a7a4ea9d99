// Which hover animation the logo plays next (spec 000 §2.7): the animations are shuffled and
// dealt one by one without repeating; an exhausted deck is reshuffled, and the first card of
// the new deck is never the one just played.

/** The logo's hover animations, one CSS keyframe animation each (see header.css). */
export const LOGO_ANIMATIONS = [
  'wiggle',
  'spin',
  'bounce',
  'pulse',
  'flip',
  'swing',
  'jelly',
  'tada',
  'float',
  'shake',
] as const;
export type LogoAnimation = (typeof LOGO_ANIMATIONS)[number];

export interface Deck<T> {
  /** Cards not yet dealt, next one first. */
  remaining: readonly T[];
  /** The card dealt last, to keep it from coming straight back after a reshuffle. */
  last: T | null;
}

/** A random number in [0, 1), like Math.random; tests pass a seeded one. */
export type Random = () => number;

/** Fisher–Yates shuffle into a new array. */
export function shuffle<T>(cards: readonly T[], random: Random): T[] {
  const out = cards.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export function newDeck<T>(): Deck<T> {
  return { remaining: [], last: null };
}

/** Deals the next card from `cards`, reshuffling when the deck is empty. */
export function deal<T>(deck: Deck<T>, cards: readonly T[], random: Random): [T, Deck<T>] {
  let remaining = deck.remaining;
  if (remaining.length === 0) {
    const shuffled = shuffle(cards, random);
    if (shuffled.length > 1 && shuffled[0] === deck.last) {
      // Swap the repeat with a random later card rather than reshuffling in a loop.
      const j = 1 + Math.floor(random() * (shuffled.length - 1));
      [shuffled[0], shuffled[j]] = [shuffled[j], shuffled[0]];
    }
    remaining = shuffled;
  }
  const [card, ...rest] = remaining;
  return [card, { remaining: rest, last: card }];
}
