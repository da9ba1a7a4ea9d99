// /blog/{name}/members, Members in the account menu (spec 000 §2.2). The server has no group
// blogs: every blog has one member, the person who made it. The page says so rather than
// pretending to a list.
import { Link } from 'wouter';
import type { Blog } from '../../../api/models';
import { Avatar } from '../../../components/Avatar';

export function MembersSection({ blog }: { blog: Blog }) {
  return (
    <section className="card" aria-labelledby="blog-members">
      <h2 className="section-title" id="blog-members">
        Members
      </h2>
      <ul className="members-list" aria-label={`${blog.name} members`}>
        <li className="members-list__row">
          <Avatar url={blog.avatarUrl} size={40} shape={blog.theme.avatarShape} />
          <span>
            <Link to={`/blog/${encodeURIComponent(blog.name)}`}>{blog.name}</Link>
            <span className="muted"> · {blog.isMine ? 'you, the owner' : 'the owner'}</span>
          </span>
        </li>
      </ul>
      <p className="muted">
        {blog.isMine
          ? 'Only you write on this blog. Group blogs with several members are not available yet.'
          : `Only ${blog.name}'s owner writes on this blog.`}
      </p>
    </section>
  );
}
