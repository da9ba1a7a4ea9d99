// /blog/{name}, /blog/{name}/followers and /blog/{name}/activity.
import type { Notification } from '../../api/models';
import { Avatar } from '../../components/Avatar';
import { formatCount } from '../../lib/format';
import { BlogPageFrame } from './components/BlogPageFrame';
import { Sparkline } from './components/Sparkline';

/** Spec 000 §2.3, the activity empty text. */
export const ACTIVITY_EMPTY_TEXT =
  'Check out this tab when you make a post to see Likes, Reblogs, and new followers.';

export function BlogPage({ name }: { name: string }) {
  return (
    <BlogPageFrame name={name}>
      {(blog) => (
        <section className="card empty-state" aria-label={`${blog.name} posts`}>
          <p>No posts yet.</p>
        </section>
      )}
    </BlogPageFrame>
  );
}

export function BlogFollowersPage({ name }: { name: string }) {
  return (
    <BlogPageFrame name={name}>
      {(blog) => (
        <section className="card" aria-label={`${blog.name} followers`}>
          <h2 className="section-title">Followers</h2>
          <p>
            {blog.followerCount === 0
              ? `Nobody follows ${blog.name} yet.`
              : `${formatCount(blog.followerCount)} ${blog.followerCount === 1 ? 'blog follows' : 'blogs follow'} ${blog.name}.`}
          </p>
        </section>
      )}
    </BlogPageFrame>
  );
}

export function BlogActivityPage({ name }: { name: string }) {
  return (
    <BlogPageFrame name={name} notifications>
      {(blog) => (
        <section className="card" aria-label={`${blog.name} activity`}>
          <h2 className="section-title">Activity</h2>
          {blog.sparkline && blog.sparkline.length > 0 && (
            <Sparkline values={blog.sparkline} label={`Activity over the last ${blog.sparkline.length} days`} />
          )}
          {blog.notifications && blog.notifications.length > 0 ? (
            <ul className="notification-list">
              {blog.notifications.map((n, i) => (
                <NotificationItem key={`${n.timestamp}-${i}`} notification={n} />
              ))}
            </ul>
          ) : (
            <p className="muted">{ACTIVITY_EMPTY_TEXT}</p>
          )}
        </section>
      )}
    </BlogPageFrame>
  );
}

function NotificationItem({ notification }: { notification: Notification }) {
  const from = notification.fromBlog;
  return (
    <li className="notification">
      {from && <Avatar url={from.avatarUrl} size={30} />}
      <span>
        {from && <strong>{from.name}</strong>} {notification.message}
      </span>
      <time className="muted" dateTime={new Date(notification.timestamp * 1000).toISOString()}>
        {new Date(notification.timestamp * 1000).toLocaleDateString('en-US')}
      </time>
    </li>
  );
}
