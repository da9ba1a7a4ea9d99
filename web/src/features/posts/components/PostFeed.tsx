import type { ReactNode, Ref } from 'react';
import { BarLoader } from '../../../components/BarLoader';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import type { PostHeadingLevel } from './postHeadingContext';
import type { PostListView } from '../usePostList';
import { useWindowInfiniteScroll } from '../useWindowInfiniteScroll';
import { PostView } from './PostView';

/**
 * A page's posts as a feed, whatever reads them (a page's live list, search results): the
 * loader, the failure with Try again, the empty state, and the posts, the next page asked for
 * as the reader scrolls near the end (spec 000 §9).
 */
export function PostFeed({
  view,
  label,
  empty,
  headingLevel,
  loadMore,
  retry,
  above,
  ref,
}: {
  view: PostListView;
  /** What the list is, for assistive technology (e.g. "Your dashboard"). */
  label: string;
  /** What an empty list says. */
  empty: ReactNode;
  headingLevel?: PostHeadingLevel;
  loadMore(): void;
  /** The first page again, after it failed. */
  retry(): void;
  /** Shown over the posts (new posts waiting); a list with something over it is not empty. */
  above?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  const { posts, status } = view;
  useWindowInfiniteScroll({
    enabled: status === 'ready' && view.hasMore && !view.loadingMore && view.moreError === null,
    contentKey: posts.length,
    onLoadMore: loadMore,
  });

  if (status === 'loading') return <PageLoader label="Loading posts" />;
  if (status === 'error') return <LoadError message={view.error ?? 'Could not load the posts.'} onRetry={retry} />;
  if (posts.length === 0 && !above) return <div className="card empty-state post-list__empty">{empty}</div>;
  return (
    <div className="post-list" ref={ref}>
      {above}
      <div role="feed" aria-label={label} aria-busy={view.loadingMore} className="post-list__posts">
        {posts.map((post) => (
          <PostView key={post.id} post={post} headingLevel={headingLevel} />
        ))}
      </div>
      {view.loadingMore && (
        <div className="post-list__more">
          <BarLoader label="Loading more posts" />
        </div>
      )}
      {view.moreError !== null && (
        <div className="post-list__more">
          <LoadError message={view.moreError} onRetry={loadMore} />
        </div>
      )}
    </div>
  );
}
