// The activity popover (spec 000 §2.3): a blog selector, the blog's sparkline, and its
// notifications grouped by day, with new ones arriving live while it is open.
import { useState } from 'react';
import { Link } from 'wouter';
import { BarLoader } from '../../../components/BarLoader';
import { LoadError } from '../../../components/LoadError';
import { Sparkline } from '../../../components/Sparkline';
import { useBlogData, useBlogsDispatch } from '../../blogs';
import { BlogSelector } from '../../blogSelector';
import { channel, useChannel } from '../../../api/realtime';
import { useUser } from '../../session';
import { NotificationDays } from './NotificationDays';
import { useMarkActivityRead } from '../useMarkActivityRead';

/** Spec 000 §2.3, the activity empty text. */
export const ACTIVITY_EMPTY_TEXT =
  'Check out this tab when you make a post to see Likes, Reblogs, and new followers.';

export function ActivityPopover({ onNavigate }: { onNavigate(): void }) {
  const user = useUser();
  const [selected, setSelected] = useState(user.currentBlog);
  // Spec 000 §4: loads the chosen blog's notifications with a loader if not present; switching
  // blog reloads (refresh), showing what the store has meanwhile.
  const { blog, loading, error, reload } = useBlogData(selected, { notifications: true, refresh: true });
  const dispatch = useBlogsDispatch();

  useChannel(
    channel.activity(selected),
    (event) => {
      if (event.event !== 'notification') return;
      dispatch({ type: 'notificationReceived', name: selected, notification: event.data });
    },
    reload,
  );

  const notifications = blog?.notifications;
  useMarkActivityRead(selected, notifications !== undefined, notifications?.[0]?.id);
  const activityPath = `/blog/${encodeURIComponent(selected)}/activity`;

  return (
    <div className="activity-popover">
      <div className="popover__header">
        <BlogSelector
          blogs={user.blogs}
          selected={selected}
          onSelect={setSelected}
          label="Activity for"
        />
      </div>
      {blog?.sparkline && (
        <Link to={activityPath} className="activity-popover__sparkline" onClick={onNavigate}>
          <Sparkline values={blog.sparkline} label={`Activity for ${selected} over the last ${blog.sparkline.length} days`} />
        </Link>
      )}
      {notifications === undefined ? (
        loading ? (
          <BarLoader label={`Loading activity for ${selected}`} />
        ) : error ? (
          <LoadError message={error} onRetry={reload} />
        ) : null
      ) : notifications.length === 0 ? (
        <p className="muted activity-popover__empty">{ACTIVITY_EMPTY_TEXT}</p>
      ) : (
        <>
          <NotificationDays notifications={notifications} label={`Notifications for ${selected}`} />
          {notifications.length > 1 && (
            <Link to={activityPath} className="activity-popover__more" onClick={onNavigate}>
              See everything
            </Link>
          )}
        </>
      )}
    </div>
  );
}
