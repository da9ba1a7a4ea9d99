// A quote's font size by its length (spec 001 §9): under 20 characters extra_large, under 81
// large, under 300 medium, else small.

export type QuoteSize = 'extra_large' | 'large' | 'medium' | 'small';

const SIZES: [limit: number, size: QuoteSize][] = [
  [20, 'extra_large'],
  [81, 'large'],
  [300, 'medium'],
];

export function quoteSize(quote: string): QuoteSize {
  // Characters, not UTF-16 units: an emoji counts once.
  const length = [...quote].length;
  return SIZES.find(([limit]) => length < limit)?.[1] ?? 'small';
}
