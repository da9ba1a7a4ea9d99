import { describe, expect, it } from 'vitest';
import { addTag, cleanTag, limitTagInput } from './tags';
import { testLimits } from './testFormData';

describe('tag rules (spec 001 §5)', () => {
  it('removes hash signs and commas', () => {
    expect(cleanTag('#art#', testLimits.tag_chars)).toBe('art');
    expect(cleanTag('cats, dogs', testLimits.tag_chars)).toBe('cats dogs');
  });

  it('keeps at most 140 characters, counting characters rather than UTF-16 units', () => {
    expect(Array.from(cleanTag('é'.repeat(200), testLimits.tag_chars))).toHaveLength(140);
    expect(Array.from(cleanTag('😀'.repeat(150), testLimits.tag_chars))).toHaveLength(140);
  });

  it('escapes angle brackets', () => {
    expect(cleanTag('<3 <script>', testLimits.tag_chars)).toBe('&lt;3 &lt;script&gt;');
  });

  it('balances quotes: an odd count keeps only the last, an even count removes all', () => {
    expect(cleanTag('"quoted"', testLimits.tag_chars)).toBe('quoted');
    expect(cleanTag('a "b" c"', testLimits.tag_chars)).toBe('a b c"');
    expect(cleanTag('12" vinyl', testLimits.tag_chars)).toBe('12" vinyl');
  });

  it('rejects duplicates whatever their case, and empty tags', () => {
    const tags = addTag(['Cats'], 'cats', testLimits.tag_chars);
    expect(tags).toEqual(['Cats']);
    expect(addTag(tags, 'CATS', testLimits.tag_chars)).toEqual(['Cats']);
    expect(addTag(tags, ' # , ', testLimits.tag_chars)).toEqual(['Cats']);
    expect(addTag(tags, '#dogs', testLimits.tag_chars)).toEqual(['Cats', 'dogs']);
  });

  it('blocks typing at the limit', () => {
    expect(limitTagInput('a'.repeat(141), testLimits.tag_chars)).toHaveLength(140);
    expect(limitTagInput('short', testLimits.tag_chars)).toBe('short');
  });
});
