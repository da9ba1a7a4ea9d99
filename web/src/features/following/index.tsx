// The blogs the user follows (GET /svc/user/following), each with Unfollow.
import * as endpoints from '../../api/endpoints';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { formatCount } from '../../lib/format';
import { BlogCard } from '../blogCard';
import { useBlogList } from '../blogs';
import { useUser } from '../session';

export function FollowingPage() {
  const user = useUser();
  const list = useBlogList('following', endpoints.fetchFollowedBlogs);
  return (
    <div className="page">
      <h1 className="page__title">
        Following{' '}
        {user.friendCount > 0 && <span className="muted">({formatCount(user.friendCount)})</span>}
      </h1>
      {list.loading ? (
        <PageLoader label="Loading blogs you follow" />
      ) : list.error ? (
        <LoadError message={list.error} onRetry={list.reload} />
      ) : list.names.length === 0 ? (
        <p className="empty-state">You don't follow any blogs yet. Find some on Explore.</p>
      ) : (
        <div className="card-column">
          {list.names.map((name) => (
            <BlogCard key={name} name={name} />
          ))}
        </div>
      )}
    </div>
  );
}
