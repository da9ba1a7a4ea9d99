import { useId } from 'react';
import { Link } from 'wouter';
import type { UserBlog } from '../../../api/models';
import { Avatar } from '../../../components/Avatar';
import { Badge } from '../../../components/Badge';
import { BarLoader } from '../../../components/BarLoader';
import { ChevronIcon, LockIcon } from '../../../components/icons';
import { useBlogData } from '../../blogs';
import type { DragItemProps } from '../../blogOrder/useDragReorder';
import { ReorderButtons } from '../../blogOrder';
import { BlogSubMenu } from './BlogSubMenu';

/** Where a row of the user's own blogs is in their order, and how it moves. */
export interface BlogRowReorder {
  index: number;
  count: number;
  pending: boolean;
  dragProps: DragItemProps;
  onMove(from: number, to: number): void;
}

/**
 * One of the user's blogs in the account popover, or a group blog of someone else's they
 * write. Opening it shows the sub-menu, loading the blog's follower and activity data first
 * when the store does not have it yet. Only the user's own rows have `reorder` and an unread
 * badge: a group's place and its activity and messages are its owner's.
 */
export function BlogRow({
  blog,
  open,
  locked,
  reorder,
  onToggle,
  onNavigate,
}: {
  blog: UserBlog;
  open: boolean;
  /** The current blog stays open until the user reorders blogs (spec 000 §4). */
  locked: boolean;
  reorder?: BlogRowReorder;
  onToggle(): void;
  onNavigate(): void;
}) {
  const detailsId = useId();
  const { blog: loaded, loading, error, reload } = useBlogData(blog.name, { enabled: open });

  return (
    <li className={open ? 'blog-row is-open' : 'blog-row'} {...reorder?.dragProps} data-blog={blog.name}>
      <div className="blog-row__main">
        <Link
          to={`/blog/${encodeURIComponent(blog.name)}`}
          className="blog-row__identity"
          onClick={onNavigate}
        >
          <Avatar url={blog.avatarUrl} size={40} />
          <span className="blog-row__names">
            <span className="blog-row__name">{blog.name}</span>
            <span className="blog-row__title">{blog.title}</span>
            {blog.memberRole && (
              <span className="blog-row__group">Group blog · {blog.memberRole === 'admin' ? 'admin' : 'member'}</span>
            )}
          </span>
        </Link>
        {blog.isPrivateGroupBlog && <LockIcon />}
        {reorder && <Badge count={blog.unreadCount} counting={`unread on ${blog.name}`} />}
        {reorder && reorder.count > 1 && (
          <ReorderButtons
            name={blog.name}
            index={reorder.index}
            count={reorder.count}
            disabled={reorder.pending}
            onMove={reorder.onMove}
          />
        )}
        <button
          type="button"
          className="icon-button blog-row__details-button"
          aria-label={`Details for ${blog.name}`}
          aria-expanded={open}
          aria-controls={detailsId}
          aria-disabled={locked || undefined}
          title={locked ? 'Your current blog stays open until you reorder your blogs' : undefined}
          onClick={() => {
            if (!locked) onToggle();
          }}
        >
          <ChevronIcon open={open} />
        </button>
      </div>
      <div id={detailsId} className="blog-row__details" data-open={open}>
        <div className="blog-row__details-inner">
          {open &&
            (loaded ? (
              <BlogSubMenu blog={loaded} onNavigate={onNavigate} />
            ) : loading ? (
              <BarLoader label={`Loading ${blog.name}`} />
            ) : error ? (
              <p className="form-error" role="alert">
                {error}{' '}
                <button type="button" className="link-button" onClick={reload}>
                  Try again
                </button>
              </p>
            ) : null)}
        </div>
      </div>
    </li>
  );
}
