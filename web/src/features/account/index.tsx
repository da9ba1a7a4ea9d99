// The account popover (spec 000 §2.2): account links, then the user's blogs with their
// sub-menus, reorderable.
import { useState, type MouseEvent } from 'react';
import { Link } from 'wouter';
import { countIfAboveZero } from '../../lib/format';
import { displayOrder } from '../../lib/order';
import { useBlogReorder, useDragReorder } from '../blogOrder';
import { useSession, useUser } from '../session';
import { BlogRow } from './components/BlogRow';
import { useLogOut } from './useLogOut';

export { LOGOUT_CONFIRM } from './useLogOut';
/** Spec 000 §9: account and blog details animate for 250 ms (the CSS reads --details-ms). */
export const ACCOUNT_ANIMATION_MS = 250;

export function AccountPopover({ onNavigate }: { onNavigate(): void }) {
  const user = useUser();
  const { blogsReordered } = useSession();
  const { href: logoutUrl, logOut } = useLogOut();
  const reorder = useBlogReorder();

  // The user's own blogs, which they order; user.groups (others' groups they write) are not.
  const rows = displayOrder(user.blogs, user.currentBlog, blogsReordered);
  const names = rows.map((b) => b.name);
  const onMove = (from: number, to: number) => reorder.move(names, from, to);
  const drag = useDragReorder(onMove);

  // The current blog opens at once; others open when their details button is pressed.
  const [openRows, setOpenRows] = useState<ReadonlySet<string>>(() => new Set([user.currentBlog]));
  const toggle = (name: string) =>
    setOpenRows((prev) => {
      const next = new Set(prev);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  const onLogOut = (e: MouseEvent) => {
    e.preventDefault();
    void logOut();
  };

  const likes = countIfAboveZero(user.likedPostCount);
  const following = countIfAboveZero(user.friendCount);

  return (
    <div className="account-popover" style={{ ['--details-ms' as string]: `${ACCOUNT_ANIMATION_MS}ms` }}>
      <div className="popover__header">
        <h2 className="popover__title">Account</h2>
        <a href={logoutUrl} className="popover__header-link" onClick={onLogOut}>
          Log out
        </a>
      </div>
      <ul className="menu" aria-label="Account">
        <li>
          <Link to="/likes" className="menu__item" onClick={onNavigate}>
            <span className="menu__label">Likes</span>
            {likes && <span className="menu__count">{likes}</span>}
          </Link>
        </li>
        <li>
          <Link to="/following" className="menu__item" onClick={onNavigate}>
            <span className="menu__label">Following</span>
            {following && <span className="menu__count">{following}</span>}
          </Link>
        </li>
        <li>
          <Link to="/settings" className="menu__item" onClick={onNavigate}>
            <span className="menu__label">Settings</span>
          </Link>
        </li>
        <li>
          <Link to="/help" className="menu__item" onClick={onNavigate}>
            <span className="menu__label">Help</span>
          </Link>
        </li>
        {user.isAdmin && (
          <>
            <li>
              <Link to="/admin/outbox" className="menu__item" onClick={onNavigate}>
                <span className="menu__label">Mail outbox</span>
              </Link>
            </li>
            <li>
              <Link to="/admin/reports" className="menu__item" onClick={onNavigate}>
                <span className="menu__label">Reports</span>
              </Link>
            </li>
          </>
        )}
      </ul>

      <div className="popover__header">
        <h2 className="popover__title">Blogs</h2>
        <Link to="/new/blog" className="popover__header-link" onClick={onNavigate}>
          New
        </Link>
      </div>
      <ol className="blog-rows" aria-label="Blogs" aria-busy={reorder.pending}>
        {rows.map((blog, index) => {
          const locked = blog.name === user.currentBlog && !blogsReordered;
          return (
            <BlogRow
              key={blog.name}
              blog={blog}
              open={locked || openRows.has(blog.name)}
              locked={locked}
              reorder={{ index, count: rows.length, pending: reorder.pending, dragProps: drag.itemProps(index), onMove }}
              onToggle={() => toggle(blog.name)}
              onNavigate={onNavigate}
            />
          );
        })}
        {/* The groups of others the user writes come after their own, as the user model lists
            them, and stay out of the order: POST /order takes exactly the user's own blogs. */}
        {user.groups.map((blog) => (
          <BlogRow
            key={blog.name}
            blog={blog}
            open={openRows.has(blog.name)}
            locked={false}
            onToggle={() => toggle(blog.name)}
            onNavigate={onNavigate}
          />
        ))}
      </ol>
      {reorder.error && (
        <p className="form-error popover__error" role="alert">
          {reorder.error}
        </p>
      )}
    </div>
  );
}
