import { describe, expect, it } from 'vitest';
import { deal, LOGO_ANIMATIONS, newDeck, shuffle, type Deck, type Random } from './logoDeck';

/** A small deterministic generator (mulberry32) so failures can be replayed. */
function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function dealMany<T>(cards: readonly T[], count: number, random: Random): T[] {
  let deck: Deck<T> = newDeck();
  const out: T[] = [];
  for (let i = 0; i < count; i++) {
    const [card, next] = deal(deck, cards, random);
    out.push(card);
    deck = next;
  }
  return out;
}

describe('logo animation deck', () => {
  it('has 10 animations', () => {
    expect(LOGO_ANIMATIONS).toHaveLength(10);
    expect(new Set(LOGO_ANIMATIONS).size).toBe(10);
  });

  it('deals every animation exactly once per cycle', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const dealt = dealMany(LOGO_ANIMATIONS, 10 * 20, seeded(seed));
      for (let cycle = 0; cycle < 20; cycle++) {
        const slice = dealt.slice(cycle * 10, cycle * 10 + 10);
        expect(new Set(slice).size).toBe(10);
      }
    }
  });

  it('never repeats the last animation across a reshuffle', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const dealt = dealMany(LOGO_ANIMATIONS, 10 * 30, seeded(seed));
      for (let i = 1; i < dealt.length; i++) expect(dealt[i]).not.toBe(dealt[i - 1]);
    }
  });

  it('avoids the repeat even when the shuffle puts the last card first', () => {
    // With a "random" that always returns 0, the shuffle of a,b,c is always b,c,a.
    const alwaysZero: Random = () => 0;
    expect(shuffle(['a', 'b', 'c'], alwaysZero)).toEqual(['b', 'c', 'a']);
    // A deck that just dealt 'b' and is empty must not open the next cycle with 'b'.
    const [card, deck] = deal({ remaining: [], last: 'b' }, ['a', 'b', 'c'], alwaysZero);
    expect(card).not.toBe('b');
    expect(new Set([card, ...deck.remaining])).toEqual(new Set(['a', 'b', 'c']));
  });

  it('actually shuffles (not always the same order)', () => {
    const orders = new Set(
      [1, 2, 3, 4, 5].map((seed) => shuffle(LOGO_ANIMATIONS, seeded(seed)).join(',')),
    );
    expect(orders.size).toBeGreaterThan(1);
  });

  it('works with a single card', () => {
    expect(dealMany(['only'], 3, seeded(1))).toEqual(['only', 'only', 'only']);
  });
});
