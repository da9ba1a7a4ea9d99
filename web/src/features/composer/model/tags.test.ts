import { describe, expect, it } from 'vitest';
import { addTag, cleanTag, limitTagInput } from './tags';
import { testLimits } from './testFormData';

describe('tag rules (spec 001 §5)', () => {
  it('removes hash signs and commas', () => {
    expect(cleanTag('#art#', testLimits.tagChars)).toBe('art');
    expect(cleanTag('cats, dogs', testLimits.tagChars)).toBe('cats dogs');
  });

  it('keeps at most 140 characters, counting characters rather than UTF-16 units', () => {
    expect(Array.from(cleanTag('é'.repeat(200), testLimits.tagChars))).toHaveLength(140);
    expect(Array.from(cleanTag('😀'.repeat(150), testLimits.tagChars))).toHaveLength(140);
  });

  it('escapes angle brackets', () => {
    expect(cleanTag('<3 <script>', testLimits.tagChars)).toBe('&lt;3 &lt;script&gt;');
  });

  it('balances quotes: an odd count keeps only the last, an even count removes all', () => {
    expect(cleanTag('"quoted"', testLimits.tagChars)).toBe('quoted');
    expect(cleanTag('a "b" c"', testLimits.tagChars)).toBe('a b c"');
    expect(cleanTag('12" vinyl', testLimits.tagChars)).toBe('12" vinyl');
  });

  it('rejects duplicates whatever their case, and empty tags', () => {
    const tags = addTag(['Cats'], 'cats', testLimits.tagChars);
    expect(tags).toEqual(['Cats']);
    expect(addTag(tags, 'CATS', testLimits.tagChars)).toEqual(['Cats']);
    expect(addTag(tags, ' # , ', testLimits.tagChars)).toEqual(['Cats']);
    expect(addTag(tags, '#dogs', testLimits.tagChars)).toEqual(['Cats', 'dogs']);
  });

  it('blocks typing at the limit', () => {
    expect(limitTagInput('a'.repeat(141), testLimits.tagChars)).toHaveLength(140);
    expect(limitTagInput('short', testLimits.tagChars)).toBe('short');
  });
});
