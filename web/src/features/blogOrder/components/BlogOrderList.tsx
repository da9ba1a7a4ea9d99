import { Link } from 'wouter';
import type { Channel } from '../../../api/models';
import { Avatar } from '../../../components/Avatar';
import { GripIcon, LockIcon } from '../../../components/icons';
import { useBlogReorder } from '../useBlogReorder';
import { useDragReorder } from '../useDragReorder';
import { ReorderButtons } from './ReorderButtons';

/** The user's blogs in their saved order, reorderable (the /settings list). */
export function BlogOrderList({ channels }: { channels: Channel[] }) {
  const names = channels.map((c) => c.name);
  const reorder = useBlogReorder();
  const onMove = (from: number, to: number) => reorder.move(names, from, to);
  const drag = useDragReorder(onMove);

  return (
    <div>
      <ol className="blog-order-list" aria-label="Your blogs" aria-busy={reorder.pending}>
        {channels.map((channel, index) => (
          <li key={channel.name} className="blog-order-list__item" {...drag.itemProps(index)}>
            <GripIcon />
            <Avatar url={channel.avatarUrl} size={30} />
            <span className="blog-order-list__names">
              <Link to={`/blog/${encodeURIComponent(channel.name)}`} className="blog-order-list__name">
                {channel.name}
              </Link>
              <span className="muted">{channel.title}</span>
            </span>
            {channel.isPrivateGroupChannel && <LockIcon />}
            {channel.isPrimary && <span className="tag">Primary</span>}
            {channels.length > 1 && (
              <ReorderButtons
                name={channel.name}
                index={index}
                count={channels.length}
                disabled={reorder.pending}
                onMove={onMove}
              />
            )}
          </li>
        ))}
      </ol>
      {reorder.error && (
        <p className="form-error" role="alert">
          {reorder.error}
        </p>
      )}
    </div>
  );
}
