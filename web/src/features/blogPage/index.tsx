// /blog/{name}, /blog/{name}/followers and /blog/{name}/activity.
import { Sparkline } from '../../components/Sparkline';
import { formatCount } from '../../lib/format';
import { ACTIVITY_EMPTY_TEXT, NotificationDays } from '../activity';
import { BlogPageFrame } from './components/BlogPageFrame';

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
            <NotificationDays notifications={blog.notifications} label={`Notifications for ${blog.name}`} />
          ) : (
            <p className="muted">{ACTIVITY_EMPTY_TEXT}</p>
          )}
        </section>
      )}
    </BlogPageFrame>
  );
}
