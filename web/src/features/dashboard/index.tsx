// The dashboard (the new-post buttons over the user's feed, with the blog the user is acting
// as and a few blogs to explore beside it) and the Explore page (blogs to explore, for everyone).
import { useRef } from 'react';
import { Link } from 'wouter';
import type { ApiClient } from '../../api/client';
import * as endpoints from '../../api/endpoints';
import type { PostPageRoot } from '../../api/postEndpoints';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { FormErrors } from '../../components/FormErrors';
import { useAsyncAction } from '../../lib/useAsyncAction';
import { BlogCard } from '../blogCard';
import { useBlogList } from '../blogs';
import { BlogSelector } from '../blogSelector';
import { useDock } from '../docking';
import { DockingArea } from '../docking/components/DockingArea';
import { PostList } from '../posts';
import { useSession, useUser } from '../session';
import { ExploreSidebar } from './components/ExploreSidebar';
import { NewPostButtons } from './components/NewPostButtons';
import { SidebarFooter } from './components/SidebarFooter';
import { channel } from '../../api/realtime';

const loadExplore = (api: ApiClient) => endpoints.fetchExploreBlogs(api);

const DASHBOARD: PostPageRoot = { root: 'dashboard' };

/**
 * The dashboard listens on its own channel: the server follows the blogs the user reads
 * (their own and those they follow, as they change) and sends each of their posts once, with
 * one position to resume from however many blogs there are (protocol/README.md).
 */
const DASHBOARD_CHANNELS = [channel.dashboard()];

export function DashboardPage() {
  const column = useRef<HTMLElement>(null);
  const dock = useDock();
  // A docked post has the gutter left of the column (spec 000 §9 Gutter docking): the page
  // keeps it free.
  const docked = dock.available && dock.held !== null;
  return (
    <div className={docked ? 'page page--with-sidebar page--with-dock' : 'page page--with-sidebar'}>
      <DockingArea column={column} />
      <section ref={column} className="page__main" aria-labelledby="dashboard-heading">
        <h1 id="dashboard-heading" className="page__title">
          Dashboard
        </h1>
        <NewPostButtons />
        <PostList
          page={DASHBOARD}
          label="Your dashboard"
          live={DASHBOARD_CHANNELS}
          empty={
            <p>
              Your dashboard is empty. Follow some blogs and their posts show up here:{' '}
              <Link to="/explore">explore blogs</Link>.
            </p>
          }
        />
      </section>
      <aside className="page__sidebar">
        <ActingAs />
        <ExploreSidebar />
        <SidebarFooter />
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
  const list = useBlogList('explore', loadExplore);
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
