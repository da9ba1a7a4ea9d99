import { Link } from 'wouter';
import type { ApiClient } from '../../../api/client';
import * as endpoints from '../../../api/endpoints';
import { Avatar } from '../../../components/Avatar';
import { BarLoader } from '../../../components/BarLoader';
import { LoadError } from '../../../components/LoadError';
import { useBlog, useBlogList } from '../../blogs';

/** Blogs the sidebar suggests; the Explore page has the full list. */
const SIDEBAR_BLOGS = 5;

const loadFew = (api: ApiClient) => endpoints.fetchExploreBlogs(api, SIDEBAR_BLOGS);

/** Beside the dashboard's feed: a few blogs to explore, each a link to its page. */
export function ExploreSidebar() {
  const list = useBlogList('exploreSidebar', loadFew);
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
          {list.names.map((name) => (
            <SidebarBlog key={name} name={name} />
          ))}
        </ul>
      )}
      <Link to="/explore" className="explore-sidebar__more">
        Explore more blogs
      </Link>
    </section>
  );
}

/** One suggested blog, as the store has it. */
function SidebarBlog({ name }: { name: string }) {
  const blog = useBlog(name);
  if (!blog) return null;
  return (
    <li>
      <Link to={`/blog/${encodeURIComponent(name)}`} className="explore-sidebar__blog">
        <Avatar url={blog.avatarUrl} size={30} />
        <span className="explore-sidebar__names">
          <span className="explore-sidebar__name">{name}</span>
          {blog.title && blog.title !== name && <span className="muted">{blog.title}</span>}
        </span>
      </Link>
    </li>
  );
}
