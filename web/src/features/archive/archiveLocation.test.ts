import { describe, expect, it } from 'vitest';
import { archiveFiltersOf, archivePath, archiveTypePath, archiveViewOf, tileTypeLabel } from './archiveLocation';

describe('archiveViewOf', () => {
  it('reads tagged/{tag}, filter-by/{type} and {year}/{month}', () => {
    expect(archiveViewOf('tagged/cats')).toEqual({ kind: 'tagged', tag: 'cats' });
    expect(archiveViewOf('tagged/sea%20glass')).toEqual({ kind: 'tagged', tag: 'sea glass' });
    expect(archiveViewOf('tagged/a%2Fb')).toEqual({ kind: 'tagged', tag: 'a/b' });
    expect(archiveViewOf('filter-by/photo')).toEqual({ kind: 'type', type: 'photo' });
    expect(archiveViewOf('filter-by/Answer')).toEqual({ kind: 'type', type: 'answer' });
    expect(archiveViewOf('filter-by/note')).toEqual({ kind: 'type', type: 'answer' });
    expect(archiveViewOf('2025/3')).toEqual({ kind: 'month', year: 2025, month: 3 });
    expect(archiveViewOf('2025/03/')).toEqual({ kind: 'month', year: 2025, month: 3 });
  });

  it('shows the default archive for the root, {year} and any other path', () => {
    for (const rest of [undefined, '', '/', '2025', '2025/13', '2025/0', 'filter-by/postcard', 'filter-by/all', 'tagged', 'tagged/%20', 'tagged/a/b', 'what/ever/else']) {
      expect(archiveViewOf(rest), String(rest)).toEqual({ kind: 'all' });
    }
  });
});

describe('archive addresses and filters', () => {
  it('builds the paths back', () => {
    expect(archivePath('ann')).toBe('/blog/ann/archive');
    expect(archivePath('ann', { kind: 'tagged', tag: 'sea glass' })).toBe('/blog/ann/archive/tagged/sea%20glass');
    expect(archivePath('ann', { kind: 'month', year: 2025, month: 3 })).toBe('/blog/ann/archive/2025/03');
    expect(archiveTypePath('ann', 'all')).toBe('/blog/ann/archive');
    expect(archiveTypePath('ann', 'quote')).toBe('/blog/ann/archive/filter-by/quote');
  });

  it('asks for the type, the tag or the month as YYYY-MM', () => {
    expect(archiveFiltersOf({ kind: 'all' })).toEqual({});
    expect(archiveFiltersOf({ kind: 'type', type: 'answer' })).toEqual({ postType: 'answer' });
    expect(archiveFiltersOf({ kind: 'tagged', tag: 'cats' })).toEqual({ tag: 'cats' });
    expect(archiveFiltersOf({ kind: 'month', year: 2025, month: 3 })).toEqual({ month: '2025-03' });
  });

  it("names a note's tile 'Answer'", () => {
    expect([tileTypeLabel('note'), tileTypeLabel('photo')]).toEqual(['Answer', 'Photo']);
  });
});
