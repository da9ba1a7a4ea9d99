// The dashboard (a column of blogs to explore, and the blog the user is acting as) and the
// Explore page (the same list, for everyone).
import type { ApiClient } from '../../api/client';
import * as endpoints from '../../api/endpoints';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { FormErrors } from '../../components/FormErrors';
import { useAsyncAction } from '../../lib/useAsyncAction';
import { BlogCard } from '../blogCard';
import { useBlogList } from '../blogs';
import { BlogSelector } from '../blogSelector';
import { useSession, useUser } from '../session';

const loadExplore = (api: ApiClient) => endpoints.fetchExploreBlogs(api);

export function DashboardPage() {
  return (
    <div className="page page--with-sidebar">
      <section className="page__main" aria-labelledby="explore-heading">
        <h1 id="explore-heading" className="page__title">
          Blogs to explore
        </h1>
        <ExploreList />
      </section>
      <aside className="page__sidebar">
        <ActingAs />
      </aside>
    </div>
  );
}

export function ExplorePage() {
  return (
    <div className="page">
      <h1 className="page__title">Explore blogs</h1>
      <ExploreList />
    </div>
  );
}

function ExploreList() {
  const list = useBlogList(loadExplore);
  if (list.loading) return <PageLoader label="Loading blogs" />;
  if (list.error) return <LoadError message={list.error} onRetry={list.reload} />;
  if (list.names.length === 0) return <p className="empty-state">No blogs to explore yet.</p>;
  return (
    <div className="card-column">
      {list.names.map((name) => (
        <BlogCard key={name} name={name} />
      ))}
    </div>
  );
}

/** The blog selector "acting as": the current blog, changed with POST /svc/user/current_blog. */
function ActingAs() {
  const user = useUser();
  const { chooseCurrentBlog } = useSession();
  const action = useAsyncAction();
  return (
    <div className="card acting-as">
      <h2 className="acting-as__title">Acting as</h2>
      <BlogSelector
        blogs={user.blogs}
        selected={user.currentBlog}
        label="Acting as"
        disabled={action.pending}
        onSelect={(name) => void action.run(() => chooseCurrentBlog(name))}
      />
      <FormErrors errors={action.errors} />
    </div>
  );
}
