import { describe, expect, it } from 'vitest';
import { quoteSize } from './quoteSize';

describe('quoteSize', () => {
  it('sizes by length at the spec\'s limits', () => {
    expect(quoteSize('x'.repeat(19))).toBe('extra_large');
    expect(quoteSize('x'.repeat(20))).toBe('large');
    expect(quoteSize('x'.repeat(80))).toBe('large');
    expect(quoteSize('x'.repeat(81))).toBe('medium');
    expect(quoteSize('x'.repeat(299))).toBe('medium');
    expect(quoteSize('x'.repeat(300))).toBe('small');
  });
  it('counts an emoji as one character', () => {
    expect(quoteSize('😀'.repeat(19))).toBe('extra_large');
  });
});
