// /blog/{name}/archive and the paths under it (spec 002 §2 Archive page): the blog's posts as
// tiles under a heading per month, newest first, the next page read as the reader scrolls;
// the post-type filter menu; the tag's heading on tagged/{tag}. For visitors too. It pages by
// spec 002's own infinite-scroll rule (§9 Scrollbar: past 90 % scrolled, debounced).
import { Link, useLocation } from 'wouter';
import { BarLoader } from '../../../components/BarLoader';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { useBodyBackground } from '../../blogCard';
import { usePercentScrollPager } from '../../posts';
import { ARCHIVE_TYPE_CHOICES, archiveTypePath, typeChoiceOf, type ArchiveView } from '../archiveLocation';
import { useArchivePages } from '../useArchivePages';
import { ArchiveMonthGrid } from './ArchiveMonthGrid';
import { ArchiveTypeMenu } from './ArchiveTypeMenu';

export function BlogArchivePage({ name, view }: { name: string; view: ArchiveView }) {
  const [, navigate] = useLocation();
  const archive = useArchivePages(name, view);
  const { blog, months, status } = archive;
  useBodyBackground(blog?.theme.backgroundColor);
  const tileCount = months.reduce((n, month) => n + month.tiles.length, 0);
  usePercentScrollPager({
    enabled: status === 'ready' && archive.hasMore && !archive.loadingMore && archive.moreError === null,
    contentKey: tileCount,
    onLoadMore: archive.loadMore,
  });

  if (status === 'notFound') {
    return (
      <div className="page page--narrow">
        <div className="card empty-state">
          <h1 className="page__title">There's no blog named {name}.</h1>
          <p>
            <Link to="/">Back to the dashboard</Link>
          </p>
        </div>
      </div>
    );
  }

  const blogPath = `/blog/${encodeURIComponent(name)}`;
  const choice = typeChoiceOf(view);
  return (
    <div className="page page--archive archive-page">
      <header className="card archive-page__header">
        <div className="archive-page__titles">
          <h1 className="archive-page__blog">
            <Link to={blogPath}>{blog?.title || blog?.name || name}</Link>
          </h1>
          <p className="archive-page__subtitle muted">Archive</p>
          {view.kind === 'tagged' && <h2 className="archive-page__tag">#{view.tag}</h2>}
        </div>
        <ArchiveTypeMenu selected={choice} onChoose={(next) => navigate(archiveTypePath(name, next))} />
      </header>
      {status === 'loading' && <PageLoader label={`Loading ${name}'s archive`} />}
      {status === 'error' && <LoadError message={archive.error ?? ''} onRetry={archive.retry} />}
      {status === 'ready' &&
        (tileCount === 0 ? (
          <div className="card empty-state archive-page__empty">
            <p>{emptyText(view)}</p>
          </div>
        ) : (
          <div aria-busy={archive.loadingMore}>
            <ArchiveMonthGrid months={months} />
            {archive.loadingMore && (
              <div className="archive-page__more">
                <BarLoader label="Loading more posts" />
              </div>
            )}
            {archive.moreError !== null && (
              <div className="archive-page__more">
                <LoadError message={archive.moreError} onRetry={archive.retry} />
              </div>
            )}
          </div>
        ))}
    </div>
  );
}

/** What an empty archive says, by what it shows. */
function emptyText(view: ArchiveView): string {
  switch (view.kind) {
    case 'type': {
      const label = ARCHIVE_TYPE_CHOICES.find((c) => c.value === view.type)?.label ?? view.type;
      return `No ${label.toLowerCase()} posts here yet.`;
    }
    case 'tagged':
      return `No posts tagged #${view.tag} here yet.`;
    default:
      return 'No posts here yet.';
  }
}
