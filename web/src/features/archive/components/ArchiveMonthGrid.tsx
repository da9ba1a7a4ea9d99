// The archive's posts as a grid of tiles under a heading per month (spec 002 §2 Archive page).
import { Link } from 'wouter';
import type { ArchiveMonth, ArchiveTile } from '../../../api/archiveEndpoints';
import { formatCount } from '../../../lib/format';
import { tileTypeLabel } from '../archiveLocation';
import { monthHeading } from '../archiveMonths';

export function ArchiveMonthGrid({ months }: { months: readonly ArchiveMonth[] }) {
  return (
    <div className="archive-months">
      {months.map((month) => {
        const heading = monthHeading(month);
        const headingId = `archive-month-${month.key}`;
        return (
          <section key={month.key} className="card archive-month" aria-labelledby={headingId}>
            <h2 id={headingId} className="archive-month__heading">
              <time dateTime={month.key}>{heading}</time>
            </h2>
            <ul className="archive-grid" aria-label={`Posts of ${heading}`}>
              {month.tiles.map((tile) => (
                <ArchiveTileView key={tile.id} tile={tile} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** A post's tile: its picture, or else its first words, with its type and notes; a link to the post. */
function ArchiveTileView({ tile }: { tile: ArchiveTile }) {
  const type = tileTypeLabel(tile.type);
  const notes = tile.noteCount === 1 ? '1 note' : `${formatCount(tile.noteCount)} notes`;
  return (
    <li className={`archive-tile archive-tile--${tile.type}`} data-post-id={tile.id}>
      <Link to={tile.postUrl} className="archive-tile__link">
        {tile.mediaUrl ? (
          <img
            className="archive-tile__media"
            src={tile.mediaUrl}
            alt={tile.summary || `${type} post`}
            loading="lazy"
          />
        ) : (
          // The summary is plain text: React writes it as text, never as markup.
          <p className="archive-tile__summary">{tile.summary}</p>
        )}
        <span className="archive-tile__meta">
          <span className="archive-tile__type">{type}</span>
          {tile.noteCount > 0 && <span className="archive-tile__notes">{notes}</span>}
        </span>
      </Link>
    </li>
  );
}
