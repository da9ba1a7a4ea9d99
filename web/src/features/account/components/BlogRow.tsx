import { useId } from 'react';
import { Link } from 'wouter';
import type { Channel } from '../../../api/models';
import { Avatar } from '../../../components/Avatar';
import { Badge } from '../../../components/Badge';
import { BarLoader } from '../../../components/BarLoader';
import { ChevronIcon, LockIcon } from '../../../components/icons';
import { useBlogData } from '../../blogs';
import type { DragItemProps } from '../../blogOrder/useDragReorder';
import { ReorderButtons } from '../../blogOrder';
import { BlogSubMenu } from './BlogSubMenu';

/**
 * One of the user's blogs in the account popover. Opening it shows the sub-menu, loading the
 * blog's follower and activity data first when the store does not have it yet.
 */
export function BlogRow({
  channel,
  index,
  count,
  open,
  locked,
  reorderPending,
  dragProps,
  onToggle,
  onMove,
  onNavigate,
}: {
  channel: Channel;
  index: number;
  count: number;
  open: boolean;
  /** The current blog stays open until the user reorders blogs (spec 000 §4). */
  locked: boolean;
  reorderPending: boolean;
  dragProps: DragItemProps;
  onToggle(): void;
  onMove(from: number, to: number): void;
  onNavigate(): void;
}) {
  const detailsId = useId();
  const { blog, loading, error, reload } = useBlogData(channel.name, { enabled: open });

  return (
    <li className={open ? 'blog-row is-open' : 'blog-row'} {...dragProps} data-blog={channel.name}>
      <div className="blog-row__main">
        <Link
          to={`/blog/${encodeURIComponent(channel.name)}`}
          className="blog-row__identity"
          onClick={onNavigate}
        >
          <Avatar url={channel.avatarUrl} size={40} />
          <span className="blog-row__names">
            <span className="blog-row__name">{channel.name}</span>
            <span className="blog-row__title">{channel.title}</span>
          </span>
        </Link>
        {channel.isPrivateGroupChannel && <LockIcon />}
        <Badge count={channel.unreadCount} label={`${channel.unreadCount} unread on ${channel.name}`} />
        {count > 1 && (
          <ReorderButtons
            name={channel.name}
            index={index}
            count={count}
            disabled={reorderPending}
            onMove={onMove}
          />
        )}
        <button
          type="button"
          className="icon-button blog-row__details-button"
          aria-label={`Details for ${channel.name}`}
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
            (blog ? (
              <BlogSubMenu blog={blog} onNavigate={onNavigate} />
            ) : loading ? (
              <BarLoader label={`Loading ${channel.name}`} />
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
