import { Link } from 'wouter';
import type { UserBlog } from '../../../api/models';
import { Avatar } from '../../../components/Avatar';
import { GripIcon, LockIcon } from '../../../components/icons';
import { useBlogReorder } from '../useBlogReorder';
import { useDragReorder } from '../useDragReorder';
import { ReorderButtons } from './ReorderButtons';

/** The user's blogs in their saved order, reorderable (the /settings list). */
export function BlogOrderList({ blogs }: { blogs: UserBlog[] }) {
  const names = blogs.map((b) => b.name);
  const reorder = useBlogReorder();
  const onMove = (from: number, to: number) => reorder.move(names, from, to);
  const drag = useDragReorder(onMove);

  return (
    <div>
      <ol className="blog-order-list" aria-label="Your blogs" aria-busy={reorder.pending}>
        {blogs.map((blog, index) => (
          <li key={blog.name} className="blog-order-list__item" {...drag.itemProps(index)}>
            <GripIcon />
            <Avatar url={blog.avatarUrl} size={30} />
            <span className="blog-order-list__names">
              <Link to={`/blog/${encodeURIComponent(blog.name)}`} className="blog-order-list__name">
                {blog.name}
              </Link>
              <span className="muted">{blog.title}</span>
            </span>
            {blog.isPrivateGroupBlog && <LockIcon />}
            {blog.isPrimary && <span className="tag">Primary</span>}
            {blogs.length > 1 && (
              <ReorderButtons
                name={blog.name}
                index={index}
                count={blogs.length}
                disabled={reorder.pending}
                onMove={onMove}
              />
            )}
          </li>
        ))}
      </ol>
      {reorder.error && (
        <p className="form-error" role="alert">
          {reorder.error}
        </p>
      )}
    </div>
  );
}
