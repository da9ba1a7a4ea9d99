import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { useBlogData } from '../../blogs';
import { AppearanceEditor } from './AppearanceEditor';

/**
 * /settings/blog/{name} (spec 000 §2.1): Edit appearance, for a blog the user may customize
 * (can_view_customize). The form starts from the blog as the server has it now.
 */
export function EditAppearancePage({ name }: { name: string }) {
  const { blog, loading, error, reload } = useBlogData(name, { refresh: true });
  if (loading) return <PageLoader label={`Loading ${name}`} />;
  if (!blog) {
    return (
      <div className="page page--narrow">
        <LoadError message={error ?? `There's no blog named ${name}.`} onRetry={reload} />
      </div>
    );
  }
  if (!blog.canViewCustomize) {
    return (
      <div className="page page--narrow">
        <div className="card empty-state">
          <h1 className="page__title">Edit appearance</h1>
          <p>You can only edit the appearance of your own blogs.</p>
        </div>
      </div>
    );
  }
  return <AppearanceEditor key={blog.name} blog={blog} />;
}
