import { describe, expect, it } from 'vitest';
import { TYPEAHEAD_MAX_RENDER, typeAheadMatches } from './typeahead';

describe('typeAheadMatches', () => {
  it('keeps the tags containing the typed text, case-sensitively, in the blog’s order', () => {
    const tags = ['Cats', 'cats', 'bobcat', 'dogs', 'catalog'];
    expect(typeAheadMatches(tags, 'cat')).toEqual(['cats', 'bobcat', 'catalog']);
    expect(typeAheadMatches(tags, 'Cat')).toEqual(['Cats']);
    expect(typeAheadMatches(tags, ' cat ')).toEqual(['cats', 'bobcat', 'catalog']);
  });

  it('shows at most 20', () => {
    const tags = Array.from({ length: 30 }, (_, i) => `tag${i}`);
    expect(TYPEAHEAD_MAX_RENDER).toBe(20);
    expect(typeAheadMatches(tags, 'tag')).toEqual(tags.slice(0, 20));
  });

  it('matches nothing when nothing is typed', () => {
    expect(typeAheadMatches(['cats'], '')).toEqual([]);
    expect(typeAheadMatches(['cats'], '  ')).toEqual([]);
  });
});
