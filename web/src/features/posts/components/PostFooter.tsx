import { Link } from 'wouter';
import type { Post } from '../../../api/postModels';
import { AppLink } from '../../../components/AppLink';
import { editPostPath, reblogPostPath } from '../../composer/composerRoutes';
import { useSession } from '../../session';
import { formatPostDate, isoDate } from '../postDate';

/**
 * When it went out (a link to the post's page), and what the reader can do with it: edit it
 * if it is theirs, reblog it if it is out (the composer is for signed-in users only,
 * spec 001 §1; it owns its routes, /edit/{id} and /reblog/{id}/{key}, spec 001 §2).
 */
export function PostFooter({ post }: { post: Post }) {
  const { isLoggedIn } = useSession();
  const date = <time dateTime={isoDate(post.date)}>{formatPostDate(post.date)}</time>;
  const canReblog = isLoggedIn && post.state === 'published';
  return (
    <footer className="post-footer">
      {post.postUrl ? (
        <AppLink href={post.postUrl} className="post-footer__date">
          {date}
        </AppLink>
      ) : (
        <span className="post-footer__date">{date}</span>
      )}
      <span className="post-footer__actions">
        {post.isMine && (
          <Link to={editPostPath(post.id)} className="post-footer__action">
            Edit
          </Link>
        )}
        {canReblog && (
          <Link to={reblogPostPath(post.id, post.reblogKey)} className="post-footer__action">
            Reblog
          </Link>
        )}
      </span>
    </footer>
  );
}
