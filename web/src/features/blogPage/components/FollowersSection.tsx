// /blog/{name}/followers: how many follow the blog; for its owner, who, a page at a time
// (newest follow first), each with its card to follow back.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { errorDetails } from '../../../api/client';
import { fetchFollowers } from '../../../api/endpoints';
import type { Blog } from '../../../api/models';
import { BarLoader } from '../../../components/BarLoader';
import { LoadError } from '../../../components/LoadError';
import { formatCount } from '../../../lib/format';
import { BlogCard } from '../../blogCard';
import { useBlogStore } from '../../blogs';

export function FollowersSection({ blog }: { blog: Blog }) {
  return (
    <section className="card" aria-label={`${blog.name} followers`}>
      <h2 className="section-title">Followers</h2>
      <p>
        {blog.followerCount === 0
          ? `Nobody follows ${blog.name} yet.`
          : `${formatCount(blog.followerCount)} ${blog.followerCount === 1 ? 'blog follows' : 'blogs follow'} ${blog.name}.`}
      </p>
      {blog.isMine && blog.followerCount > 0 && <FollowerList blog={blog.name} />}
    </section>
  );
}

function FollowerList({ blog }: { blog: string }) {
  const api = useApi();
  const { dispatch } = useBlogStore();
  const [names, setNames] = useState<string[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // The blog the answers are for: one for another blog (or an older page) is dropped.
  const current = useRef(blog);
  current.current = blog;

  const load = useCallback(
    (offset: number) => {
      setLoading(true);
      setError(null);
      fetchFollowers(api, blog, offset)
        .then((page) => {
          if (current.current !== blog) return;
          dispatch({ type: 'received', blogs: page.blogs });
          const fresh = page.blogs.map((b) => b.name);
          setNames((shown) => (offset === 0 ? fresh : [...shown, ...fresh.filter((n) => !shown.includes(n))]));
          setTotal(page.total);
        })
        .catch((err: unknown) => {
          if (current.current === blog) setError(errorDetails(err).join(' '));
        })
        .finally(() => {
          if (current.current === blog) setLoading(false);
        });
    },
    [api, blog, dispatch],
  );

  useEffect(() => load(0), [load]);

  return (
    <div className="card-column followers-list" aria-label={`Blogs following ${blog}`} role="list">
      {names.map((name) => (
        <div role="listitem" key={name}>
          <BlogCard name={name} />
        </div>
      ))}
      {loading && <BarLoader label="Loading followers" />}
      {error && <LoadError message={error} onRetry={() => load(names.length)} />}
      {!loading && !error && names.length < total && (
        <button type="button" className="button button--quiet" onClick={() => load(names.length)}>
          Show more followers
        </button>
      )}
    </div>
  );
}
