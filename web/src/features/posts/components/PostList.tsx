import { useRef, useState, type ReactNode } from 'react';
import { formatCount } from '../../../lib/format';
import type { PostPageRoot } from '../../../api/postEndpoints';
import type { PostHeadingLevel } from './postHeadingContext';
import { usePostList } from '../usePostList';
import { PostFeed } from './PostFeed';
import type { ChannelName } from '../../../api/realtime';

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
  const onShowNewer = () => {
    setShowing(true);
    showNewer()
      // Up to the new posts (jsdom, in tests, lays nothing out and has no scrolling).
      .then(() => top.current?.scrollIntoView?.({ block: 'start' }))
      .catch((err: unknown) => console.warn('Loading the new posts failed.', err))
      .finally(() => setShowing(false));
  };
  return (
    <PostFeed
      ref={top}
      view={state}
      label={label}
      empty={empty}
      headingLevel={headingLevel}
      loadMore={loadMore}
      retry={retry}
      above={
        newCount > 0 && (
          <button type="button" className="post-list__new" onClick={onShowNewer} disabled={showing}>
            {newPostsLabel(newCount)}
          </button>
        )
      }
    />
  );
}
