import type { Post } from '../../../api/postModels';
import { Avatar } from '../../../components/Avatar';
import { BlogLink } from '../../../components/blogViewerOpener';
import { StateBadge } from './StateBadge';

/**
 * Who posted it (avatar and name, to their blog: the blog viewer opens on a plain click),
 * who submitted it, which member wrote it on a group blog (shown to the group's members),
 * where it was reblogged from, and its state.
 */
export function PostHeader({ post }: { post: Post }) {
  const source = post.reblogSource;
  return (
    <header className="post-header">
      {/* The name beside it is the same link: the avatar is left out of the tab order and of what is read. */}
      <BlogLink name={post.blogName} className="post-header__avatar" tabIndex={-1} aria-hidden="true">
        <Avatar url={post.avatarUrl} size={40} />
      </BlogLink>
      <p className="post-header__names">
        <BlogLink name={post.blogName} className="post-header__blog">
          {post.blogName}
        </BlogLink>
        {post.submittedBy && (
          <span className="post-header__submitted">
            {' submitted by '}
            <BlogLink name={post.submittedBy}>{post.submittedBy}</BlogLink>
          </span>
        )}
        {post.postedBy && (
          <span className="post-header__posted-by">
            {' posted by '}
            <BlogLink name={post.postedBy}>{post.postedBy}</BlogLink>
          </span>
        )}
        {source && (
          <span className="post-header__reblog">
            {' reblogged from '}
            <BlogLink name={source.name}>{source.name}</BlogLink>
          </span>
        )}
      </p>
      {post.isPromoted && <span className="post-header__pinned">Pinned</span>}
      <StateBadge post={post} />
    </header>
  );
}
