// The confetti celebration (spec 000 §1, §9 Confetti), drawn by canvas-confetti. The spec's
// constants come from an older animation; this maps them onto canvas-confetti's options as
// closely as it allows.
import type { Options } from 'canvas-confetti';

/** Spec 000 §9 Confetti. */
export const CONFETTI_PIECES = 100;
export const CONFETTI_SIZE = 40;
export const CONFETTI_SPEED = 0.5;
export const CONFETTI_FRAME_MS = 15;
/** Six colours (the spec gives the count, not the colours): the app's accent and five more. */
export const CONFETTI_COLOURS = ['#00b8ff', '#ff4930', '#ff8a00', '#e8d738', '#00cf35', '#7c5cff'] as const;

/** canvas-confetti draws a piece about 10 px across at scalar 1 (its `10 * scalar` wobble). */
const CANVAS_CONFETTI_PIECE_PX = 10;

/**
 * The spec's constants as canvas-confetti options:
 * - 100 pieces: particleCount.
 * - size 40: scalar, canvas-confetti's size multiplier, 40 / 10 = 4.
 * - six colours: colors.
 * - speed 0.5: canvas-confetti has no speed; gravity (1 by default) is how fast the pieces
 *   fall, so half of it makes them fall at half the default pace.
 * - 15 ms frame: not settable. canvas-confetti steps once per animation frame, capped at 60
 *   a second (a frame every 16 ms), which is as close as it goes.
 * disableForReducedMotion also leaves it out for a reader who asks for less motion.
 */
export const CONFETTI_OPTIONS: Options = {
  particleCount: CONFETTI_PIECES,
  scalar: CONFETTI_SIZE / CANVAS_CONFETTI_PIECE_PX,
  colors: [...CONFETTI_COLOURS],
  gravity: CONFETTI_SPEED,
  spread: 100,
  origin: { y: 0.6 },
  disableForReducedMotion: true,
};

/**
 * Whether motion is welcome: the reader has not asked for less. Where the browser cannot say
 * (no matchMedia), it is not assumed to be.
 */
export function motionWelcome(): boolean {
  return typeof window.matchMedia === 'function' && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Throws the confetti, unless the reader prefers reduced motion. canvas-confetti loads only
 * now, the first time: most page views never celebrate anything.
 */
export async function fireConfetti(): Promise<void> {
  if (!motionWelcome()) return;
  const { default: confetti } = await import('canvas-confetti');
  await confetti(CONFETTI_OPTIONS);
}
