// /blog/{name}/followers: how many follow the blog; for its owner, who, a page at a time
// (newest follow first), each with its card to follow back.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { fetchFollowers } from '../../../api/endpoints';
import type { Blog } from '../../../api/models';
import { loadError } from '../../../api/queryClient';
import { BarLoader } from '../../../components/BarLoader';
import { LoadError } from '../../../components/LoadError';
import { formatCount } from '../../../lib/format';
import { BlogCard } from '../../blogCard';
import { useBlogsDispatch } from '../../blogs';

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

/** Each name once, in the order the pages gave them. */
function followerNames(pages: { names: string[] }[]): string[] {
  return [...new Set(pages.flatMap((page) => page.names))];
}

function FollowerList({ blog }: { blog: string }) {
  const api = useApi();
  const dispatch = useBlogsDispatch();
  const pages = useInfiniteQuery({
    queryKey: ['followers', blog],
    initialPageParam: 0,
    // The blogs go to the store, which their cards read; the page keeps their order.
    queryFn: async ({ pageParam: offset }) => {
      const page = await fetchFollowers(api, blog, offset);
      dispatch({ type: 'received', blogs: page.blogs });
      return { names: page.blogs.map((b) => b.name), total: page.total };
    },
    // The next page starts after the followers shown.
    getNextPageParam: (last, all) => {
      const shown = followerNames(all).length;
      return shown < last.total ? shown : undefined;
    },
  });
  const names = useMemo(() => followerNames(pages.data?.pages ?? []), [pages.data]);
  const loading = pages.isFetching;
  const error = loadError(pages);
  // The next page, or the first one again if that is what failed.
  const more = () => void pages.fetchNextPage();

  return (
    <div className="card-column followers-list" aria-label={`Blogs following ${blog}`} role="list">
      {names.map((name) => (
        <div role="listitem" key={name}>
          <BlogCard name={name} />
        </div>
      ))}
      {loading && <BarLoader label="Loading followers" />}
      {error && <LoadError message={error} onRetry={more} />}
      {!loading && !error && pages.hasNextPage && (
        <button type="button" className="button button--quiet" onClick={more}>
          Show more followers
        </button>
      )}
    </div>
  );
}
