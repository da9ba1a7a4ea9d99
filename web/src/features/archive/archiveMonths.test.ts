import { describe, expect, it } from 'vitest';
import type { ArchiveMonth, ArchivePage, ArchiveTile } from '../../api/archiveEndpoints';
import { blogFromWire } from '../../api/models';
import { wireBlog } from '../../test/fixtures';
import { joinMonths, monthHeading } from './archiveMonths';

const tile = (id: number): ArchiveTile => ({
  id,
  type: 'text',
  postUrl: `/blog/ann/post/${id}`,
  date: 0,
  summary: `Post ${id}`,
  mediaUrl: '',
  noteCount: 0,
  isReblog: false,
});
const month = (key: string, ids: number[]): ArchiveMonth => ({
  key,
  year: Number(key.slice(0, 4)),
  monthNumber: Number(key.slice(5)),
  tiles: ids.map(tile),
});
const page = (...months: ArchiveMonth[]): ArchivePage => ({ blog: blogFromWire(wireBlog('ann')), months, nextBeforeId: null });
const shape = (months: ArchiveMonth[]) => months.map((m) => [m.key, m.tiles.map((t) => t.id)]);

describe('joinMonths', () => {
  it('lists the months of every page in order', () => {
    const months = joinMonths([page(month('2025-03', [9, 8]), month('2025-02', [7])), page(month('2024-12', [6]))]);
    expect(shape(months)).toEqual([
      ['2025-03', [9, 8]],
      ['2025-02', [7]],
      ['2024-12', [6]],
    ]);
  });

  it('joins a month split over two pages under one heading', () => {
    const first = page(month('2025-03', [9, 8, 7]));
    const second = page(month('2025-03', [6, 5]), month('2025-02', [4]));
    expect(shape(joinMonths([first, second]))).toEqual([
      ['2025-03', [9, 8, 7, 6, 5]],
      ['2025-02', [4]],
    ]);
    // The pages' own months are left as they were: the cache keeps them.
    expect(first.months[0].tiles).toHaveLength(3);
  });

  it('shows a post that comes up on two pages once', () => {
    expect(shape(joinMonths([page(month('2025-03', [9, 8])), page(month('2025-03', [8]), month('2025-02', [7]))]))).toEqual([
      ['2025-03', [9, 8]],
      ['2025-02', [7]],
    ]);
  });
});

describe('monthHeading', () => {
  it('names the month and year in UTC', () => {
    expect(monthHeading({ year: 2026, monthNumber: 3 })).toBe('March 2026');
    expect(monthHeading({ year: 2025, monthNumber: 12 })).toBe('December 2025');
    expect(monthHeading({ year: 2025, monthNumber: 1 })).toBe('January 2025');
  });
});
