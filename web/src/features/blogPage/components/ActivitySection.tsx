// /blog/{name}/activity: the owner's whole notification history with the sparkline. The
// newest arrive live (as in the activity popover, which they share through the blog store);
// older ones come a page at a time.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { fetchActivityHistory } from '../../../api/endpoints';
import type { Blog, Notification } from '../../../api/models';
import { loadError } from '../../../api/queryClient';
import { BarLoader } from '../../../components/BarLoader';
import { LoadError } from '../../../components/LoadError';
import { Sparkline } from '../../../components/Sparkline';
import { ACTIVITY_EMPTY_TEXT, NotificationDays, useMarkActivityRead } from '../../activity';
import { useBlogData, useBlogsDispatch } from '../../blogs';
import { channel, useChannel } from '../../../api/realtime';

export function ActivitySection({ blog }: { blog: Blog }) {
  const api = useApi();
  const dispatch = useBlogsDispatch();
  const { reload } = useBlogData(blog.name, { notifications: true });
  const history = useInfiniteQuery({
    queryKey: ['activityHistory', blog.name],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam: beforeId }) => fetchActivityHistory(api, blog.name, beforeId),
    // Older than the oldest one read so far.
    getNextPageParam: (last) => (last.more ? last.notifications.at(-1)?.id : undefined),
  });
  const pages = useMemo(() => history.data?.pages.flatMap((page) => page.notifications) ?? [], [history.data]);
  const loading = history.isFetching;
  const error = loadError(history);
  // The next older page, or the first one again if that is what failed.
  const loadOlder = () => void history.fetchNextPage();

  useChannel(
    channel.activity(blog.name),
    (event) => {
      if (event.event !== 'notification') return;
      dispatch({ type: 'notificationReceived', name: blog.name, notification: event.data });
    },
    reload,
  );

  // What came live (the store's newest) and the pages read, each once, newest first.
  const notifications = useMemo(() => {
    const byId = new Map<number, Notification>();
    for (const n of [...pages, ...(blog.notifications ?? [])]) byId.set(n.id, n);
    return [...byId.values()].sort((a, b) => b.timestamp - a.timestamp || b.id - a.id);
  }, [pages, blog.notifications]);
  useMarkActivityRead(blog.name, notifications.length > 0, notifications[0]?.id);

  return (
    <section className="card" aria-label={`${blog.name} activity`}>
      <h2 className="section-title">Activity</h2>
      {blog.sparkline && blog.sparkline.length > 0 && (
        <Sparkline values={blog.sparkline} label={`Activity over the last ${blog.sparkline.length} days`} />
      )}
      {notifications.length > 0 ? (
        <NotificationDays notifications={notifications} label={`Notifications for ${blog.name}`} />
      ) : (
        !loading && !error && <p className="muted">{ACTIVITY_EMPTY_TEXT}</p>
      )}
      {loading && <BarLoader label="Loading notifications" />}
      {error && <LoadError message={error} onRetry={loadOlder} />}
      {!loading && !error && history.hasNextPage && (
        <button type="button" className="button button--quiet" onClick={loadOlder}>
          Older notifications
        </button>
      )}
    </section>
  );
}
