// Settings: the account's email and a link to change its password, the user's blogs in their saved order (reorderable),
// whether each takes questions, and the apps that post for the user.
import { Link } from 'wouter';
import { BlogOrderList } from '../blogOrder';
import { AppsSettings } from './AppsSettings';
import { AsksSettings } from './AsksSettings';
import { useUser } from '../session';

export { PasswordPage } from './PasswordPage';

export function SettingsPage() {
  const user = useUser();
  return (
    <div className="page page--narrow">
      <h1 className="page__title">Settings</h1>
      <section className="card settings-section" aria-labelledby="settings-account">
        <h2 id="settings-account" className="settings-section__title">
          Account
        </h2>
        <dl className="settings-list">
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Password</dt>
          <dd>
            <Link to="/settings/password">Change password</Link>
          </dd>
        </dl>
      </section>
      <section className="card settings-section" aria-labelledby="settings-blogs">
        <div className="settings-section__header">
          <h2 id="settings-blogs" className="settings-section__title">
            Blogs
          </h2>
          <Link to="/new/blog" className="button button--quiet">
            New blog
          </Link>
        </div>
        <p className="muted">Drag blogs, or use the arrows, to change their order.</p>
        <BlogOrderList blogs={user.blogs} />
      </section>
      <section className="card settings-section" aria-labelledby="settings-asks">
        <h2 id="settings-asks" className="settings-section__title">
          Questions
        </h2>
        <p className="muted">Questions wait in the blog's inbox until you answer them.</p>
        <AsksSettings blogs={user.blogs.map((b) => b.name)} />
      </section>
      <section className="card settings-section" aria-labelledby="settings-apps">
        <h2 id="settings-apps" className="settings-section__title">
          Apps
        </h2>
        <p className="muted">
          An app token lets a program of yours (a script, a bot, a feed importer) post as you. Its posts say which
          app posted them, until you remove that from a post.
        </p>
        <AppsSettings />
      </section>
    </div>
  );
}
