// The archive's months as the reader sees them: the pages read so far joined into one list of
// months, and a month's heading.
import type { ArchiveMonth, ArchivePage } from '../../api/archiveEndpoints';

/**
 * The months of `pages`, newest first, each once: a month that goes on on the next page
 * (a month longer than a page) joins the one already listed, under one heading. A post that
 * comes up twice (written while the pages were read) shows once.
 */
export function joinMonths(pages: readonly ArchivePage[]): ArchiveMonth[] {
  const byKey = new Map<string, ArchiveMonth>();
  const seen = new Set<number>();
  for (const month of pages.flatMap((page) => page.months)) {
    const tiles = month.tiles.filter((tile) => !seen.has(tile.id));
    for (const tile of tiles) seen.add(tile.id);
    const listed = byKey.get(month.key);
    if (listed) listed.tiles.push(...tiles);
    else byKey.set(month.key, { ...month, tiles });
  }
  return [...byKey.values()].filter((month) => month.tiles.length > 0);
}

// Months are calendar months in UTC on the server: the heading names the same one wherever
// the reader is.
const MONTH_HEADING = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A month's heading, e.g. 'March 2026'. */
export function monthHeading(month: Pick<ArchiveMonth, 'year' | 'monthNumber'>): string {
  return MONTH_HEADING.format(Date.UTC(month.year, month.monthNumber - 1, 1));
}
