import { Link } from 'wouter';
import type { Post } from '../../../api/postModels';
import { Avatar } from '../../../components/Avatar';
import { StateBadge } from './StateBadge';

const blogPath = (name: string) => `/blog/${encodeURIComponent(name)}`;

/** Who posted it (avatar and name, to their blog), where it was reblogged from, and its state. */
export function PostHeader({ post }: { post: Post }) {
  const source = post.reblogSource;
  return (
    <header className="post-header">
      {/* The name beside it is the same link: the avatar is left out of the tab order and of what is read. */}
      <Link to={blogPath(post.blogName)} className="post-header__avatar" tabIndex={-1} aria-hidden="true">
        <Avatar url={post.avatarUrl} size={40} />
      </Link>
      <p className="post-header__names">
        <Link to={blogPath(post.blogName)} className="post-header__blog">
          {post.blogName}
        </Link>
        {source && (
          <span className="post-header__reblog">
            {' reblogged from '}
            <Link to={blogPath(source.name)}>{source.name}</Link>
          </span>
        )}
      </p>
      <StateBadge post={post} />
    </header>
  );
}
