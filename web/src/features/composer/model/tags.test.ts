import { describe, expect, it } from 'vitest';
import { addTag, cleanTag, limitTagInput } from './tags';

describe('tag rules (spec 001 §5)', () => {
  it('removes hash signs and commas', () => {
    expect(cleanTag('#art#')).toBe('art');
    expect(cleanTag('cats, dogs')).toBe('cats dogs');
  });

  it('keeps at most 140 characters, counting characters rather than UTF-16 units', () => {
    expect(Array.from(cleanTag('é'.repeat(200)))).toHaveLength(140);
    expect(Array.from(cleanTag('😀'.repeat(150)))).toHaveLength(140);
  });

  it('escapes angle brackets', () => {
    expect(cleanTag('<3 <script>')).toBe('&lt;3 &lt;script&gt;');
  });

  it('balances quotes: an odd count keeps only the last, an even count removes all', () => {
    expect(cleanTag('"quoted"')).toBe('quoted');
    expect(cleanTag('a "b" c"')).toBe('a b c"');
    expect(cleanTag('12" vinyl')).toBe('12" vinyl');
  });

  it('rejects duplicates whatever their case, and empty tags', () => {
    const tags = addTag(['Cats'], 'cats');
    expect(tags).toEqual(['Cats']);
    expect(addTag(tags, 'CATS')).toEqual(['Cats']);
    expect(addTag(tags, ' # , ')).toEqual(['Cats']);
    expect(addTag(tags, '#dogs')).toEqual(['Cats', 'dogs']);
  });

  it('blocks typing at the limit', () => {
    expect(limitTagInput('a'.repeat(141))).toHaveLength(140);
    expect(limitTagInput('short')).toBe('short');
  });
});
