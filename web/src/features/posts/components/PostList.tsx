import type { ReactNode } from 'react';
import type { PostPageRoot } from '../../../api/postEndpoints';
import { BarLoader } from '../../../components/BarLoader';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import type { PostHeadingLevel } from './postHeadingContext';
import { usePostList } from '../usePostList';
import { useWindowInfiniteScroll } from '../useWindowInfiniteScroll';
import { PostView } from './PostView';

/**
 * A page's posts, a page at a time as the reader scrolls (spec 000 §9), with the posts the
 * composer saves put in without a reload. Give it a `key` that changes with the page.
 */
export function PostList({
  page,
  label,
  empty,
  headingLevel,
}: {
  page: PostPageRoot;
  /** What the list is, for assistive technology (e.g. "Your dashboard"). */
  label: string;
  /** What an empty page says. */
  empty: ReactNode;
  headingLevel?: PostHeadingLevel;
}) {
  const { state, loadMore, retry } = usePostList(page);
  const { posts, status } = state;
  useWindowInfiniteScroll({
    enabled: status === 'ready' && state.hasMore && !state.loadingMore && state.moreError === null,
    contentKey: posts.length,
    onLoadMore: loadMore,
  });

  if (status === 'loading') return <PageLoader label="Loading posts" />;
  if (status === 'error') return <LoadError message={state.error ?? 'Could not load the posts.'} onRetry={retry} />;
  if (posts.length === 0) return <div className="card empty-state post-list__empty">{empty}</div>;
  return (
    <div className="post-list">
      <div role="feed" aria-label={label} aria-busy={state.loadingMore} className="post-list__posts">
        {posts.map((post) => (
          <PostView key={post.id} post={post} headingLevel={headingLevel} />
        ))}
      </div>
      {state.loadingMore && (
        <div className="post-list__more">
          <BarLoader label="Loading more posts" />
        </div>
      )}
      {state.moreError !== null && (
        <div className="post-list__more">
          <LoadError message={state.moreError} onRetry={loadMore} />
        </div>
      )}
    </div>
  );
}
