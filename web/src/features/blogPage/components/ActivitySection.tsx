// /blog/{name}/activity: the owner's whole notification history with the sparkline. The
// newest arrive live (as in the activity popover, which they share through the blog store);
// older ones come a page at a time.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { errorDetails } from '../../../api/client';
import { fetchActivityHistory } from '../../../api/endpoints';
import { notificationFromWire, type Blog, type Notification } from '../../../api/models';
import { BarLoader } from '../../../components/BarLoader';
import { LoadError } from '../../../components/LoadError';
import { Sparkline } from '../../../components/Sparkline';
import { ACTIVITY_EMPTY_TEXT, NotificationDays } from '../../activity';
import { useBlogData, useBlogStore } from '../../blogs';
import { useChannel } from '../../realtime';

export function ActivitySection({ blog }: { blog: Blog }) {
  const api = useApi();
  const { dispatch } = useBlogStore();
  const { reload } = useBlogData(blog.name, { notifications: true });
  const [pages, setPages] = useState<Notification[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const current = useRef(blog.name);
  current.current = blog.name;

  useChannel(
    `activity:${blog.name}`,
    (event) => {
      if (event.event !== 'notification') return;
      dispatch({ type: 'notificationReceived', name: blog.name, notification: notificationFromWire(event.data) });
    },
    reload,
  );

  const loadOlder = useCallback(
    (beforeId?: number) => {
      const name = blog.name;
      setLoading(true);
      setError(null);
      fetchActivityHistory(api, name, beforeId)
        .then((page) => {
          if (current.current !== name) return;
          setPages((shown) => (beforeId === undefined ? page.notifications : [...shown, ...page.notifications]));
          setMore(page.more);
        })
        .catch((err: unknown) => {
          if (current.current === name) setError(errorDetails(err).join(' '));
        })
        .finally(() => {
          if (current.current === name) setLoading(false);
        });
    },
    [api, blog.name],
  );

  useEffect(() => loadOlder(), [loadOlder]);

  // What came live (the store's newest) and the pages read, each once, newest first.
  const notifications = useMemo(() => {
    const byId = new Map<number, Notification>();
    for (const n of [...pages, ...(blog.notifications ?? [])]) byId.set(n.id, n);
    return [...byId.values()].sort((a, b) => b.timestamp - a.timestamp || b.id - a.id);
  }, [pages, blog.notifications]);
  const oldest = pages.at(-1);

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
      {error && <LoadError message={error} onRetry={() => loadOlder(oldest?.id)} />}
      {!loading && !error && more && oldest && (
        <button type="button" className="button button--quiet" onClick={() => loadOlder(oldest.id)}>
          Older notifications
        </button>
      )}
    </section>
  );
}
