import { Link } from 'wouter';
import type { Blog } from '../../../api/models';
import { FormErrors } from '../../../components/FormErrors';
import { useAsyncAction } from '../../../lib/useAsyncAction';
import { useUser } from '../../session';

/**
 * What the owner of a blog that is not a group may do about it: make it one (the user its
 * admin), unless it is their main blog, which stays theirs alone (the server's
 * `primary_blog`), where a new group blog is the way.
 */
export function ConvertToGroup({ blog, onConvert }: { blog: Blog; onConvert(as: string | undefined): Promise<void> }) {
  const user = useUser();
  const action = useAsyncAction();
  if (blog.name === user.primaryBlog) {
    return (
      <p className="muted">
        Your main blog stays yours alone. <Link to="/new/blog">Make a new group blog</Link> to write with others.
      </p>
    );
  }
  // Who the user is in the group: as the server chooses when told nothing (the current
  // blog, else their first other blog), said here so that what shows is what is sent.
  const as = user.currentBlog !== blog.name ? user.currentBlog : user.blogs.find((b) => b.name !== blog.name)?.name;
  return (
    <div className="group-members__convert">
      <p className="muted">
        Make it a group blog to let others post on it. You become its admin
        {as ? `, known in it as ${as}` : ''}, and invite the blogs you want.
      </p>
      <button
        type="button"
        className="button button--primary"
        disabled={action.pending}
        onClick={() => void action.run(() => onConvert(as))}
      >
        Make this a group blog
      </button>
      <FormErrors errors={action.errors} />
    </div>
  );
}
