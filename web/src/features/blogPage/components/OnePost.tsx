import { AppLink } from '../../../components/AppLink';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { PostView, usePost } from '../../posts';

/** A post on its own page: all of its text (spec 001 §9: read-more cuts only lists). */
export function OnePost({ blog, postId }: { blog: string; postId: number }) {
  const { load, retry } = usePost(blog, postId);
  if (load.status === 'deleted') {
    return (
      <div className="card empty-state" role="status">
        <p>This post was deleted.</p>
        <AppLink href={`/blog/${blog}`}>Back to {blog}</AppLink>
      </div>
    );
  }
  if (load.status === 'loading') return <PageLoader label="Loading the post" />;
  if (load.status === 'error') return <LoadError message={load.error} onRetry={load.missing ? undefined : retry} />;
  return <PostView post={load.post} full />;
}
