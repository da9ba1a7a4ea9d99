import { Link } from 'wouter';
import type { ApiClient } from '../../../api/client';
import * as endpoints from '../../../api/endpoints';
import { Avatar } from '../../../components/Avatar';
import { BarLoader } from '../../../components/BarLoader';
import { LoadError } from '../../../components/LoadError';
import { useBlogList, useBlogStore } from '../../blogs';

/** Blogs the sidebar suggests; the Explore page has the full list. */
const SIDEBAR_BLOGS = 5;

const loadFew = (api: ApiClient) => endpoints.fetchExploreBlogs(api, SIDEBAR_BLOGS);

/** Beside the dashboard's feed: a few blogs to explore, each a link to its page. */
export function ExploreSidebar() {
  const list = useBlogList(loadFew);
  const { byName } = useBlogStore().state;
  return (
    <section className="card explore-sidebar" aria-labelledby="explore-sidebar-heading">
      <h2 id="explore-sidebar-heading" className="explore-sidebar__title">
        Blogs to explore
      </h2>
      {list.loading ? (
        <BarLoader label="Loading blogs" />
      ) : list.error ? (
        <LoadError message={list.error} onRetry={list.reload} />
      ) : list.names.length === 0 ? (
        <p className="muted">No blogs to explore yet.</p>
      ) : (
        <ul className="explore-sidebar__list">
          {list.names.map((name) => {
            const blog = byName[name];
            if (!blog) return null;
            return (
              <li key={name}>
                <Link to={`/blog/${encodeURIComponent(name)}`} className="explore-sidebar__blog">
                  <Avatar url={blog.avatarUrl} size={30} />
                  <span className="explore-sidebar__names">
                    <span className="explore-sidebar__name">{name}</span>
                    {blog.title && blog.title !== name && <span className="muted">{blog.title}</span>}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Link to="/explore" className="explore-sidebar__more">
        Explore more blogs
      </Link>
    </section>
  );
}
