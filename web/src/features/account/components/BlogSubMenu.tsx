import type { Blog } from '../../../api/models';
import { AppLink } from '../../../components/AppLink';
import { blogMenuItems } from '../blogMenuItems';

/** The per-blog sub-menu under an open blog row. */
export function BlogSubMenu({ blog, onNavigate }: { blog: Blog; onNavigate(): void }) {
  return (
    <ul className="menu menu--sub" aria-label={`${blog.name} menu`}>
      {blogMenuItems(blog).map((item) => (
        <li key={item.key}>
          <AppLink href={item.href} className="menu__item" onClick={onNavigate}>
            <span className="menu__label">{item.label}</span>
            {item.count !== null && <span className="menu__count">{item.count}</span>}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
