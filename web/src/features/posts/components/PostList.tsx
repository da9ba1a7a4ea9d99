import { useRef, useState, type ReactNode } from 'react';
import { formatCount } from '../../../lib/format';
import type { PostPageRoot } from '../../../api/postEndpoints';
import { BarLoader } from '../../../components/BarLoader';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import type { PostHeadingLevel } from './postHeadingContext';
import { usePostList } from '../usePostList';
import { useWindowInfiniteScroll } from '../useWindowInfiniteScroll';
import { PostView } from './PostView';
import { type ChannelName } from '../../../protocol/channels';

/** "1 new post", "12 new posts". */
export function newPostsLabel(count: number): string {
  return `${formatCount(count)} new ${count === 1 ? 'post' : 'posts'}`;
}

/**
 * A page's posts, a page at a time as the reader scrolls (spec 000 §9), with the posts the
 * composer saves put in without a reload, and, with `live` channels (`posts:{blog}`), other
 * posts' changes as they happen. Give it a `key` that changes with the page.
 */
export function PostList({
  page,
  label,
  empty,
  headingLevel,
  live,
}: {
  page: PostPageRoot;
  /** What the list is, for assistive technology (e.g. "Your dashboard"). */
  label: string;
  /** What an empty page says. */
  empty: ReactNode;
  headingLevel?: PostHeadingLevel;
  /** The channels whose posts this page shows. */
  live?: readonly ChannelName[];
}) {
  const { state, loadMore, retry, newCount, showNewer } = usePostList(page, live);
  const top = useRef<HTMLDivElement>(null);
  const [showing, setShowing] = useState(false);
  const { posts, status } = state;
  useWindowInfiniteScroll({
    enabled: status === 'ready' && state.hasMore && !state.loadingMore && state.moreError === null,
    contentKey: posts.length,
    onLoadMore: loadMore,
  });

  if (status === 'loading') return <PageLoader label="Loading posts" />;
  if (status === 'error') return <LoadError message={state.error ?? 'Could not load the posts.'} onRetry={retry} />;
  if (posts.length === 0 && newCount === 0) return <div className="card empty-state post-list__empty">{empty}</div>;
  const onShowNewer = () => {
    setShowing(true);
    showNewer()
      // Up to the new posts (jsdom, in tests, lays nothing out and has no scrolling).
      .then(() => top.current?.scrollIntoView?.({ block: 'start' }))
      .catch((err: unknown) => console.warn('Loading the new posts failed.', err))
      .finally(() => setShowing(false));
  };
  return (
    <div className="post-list" ref={top}>
      {newCount > 0 && (
        <button type="button" className="post-list__new" onClick={onShowNewer} disabled={showing}>
          {newPostsLabel(newCount)}
        </button>
      )}
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
