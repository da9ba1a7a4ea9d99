// The dashboard sidebar's footer: a few links under the sidebar's cards. It hides once the
// page is scrolled 2000 px down, where it would only follow the reader along the feed, and
// shows again above that (spec 000 §9 Sidebar footer).
import { Link } from 'wouter';
import { useScrolledPast } from '../../../lib/useScrolledPast';

/** Spec 000 §9 Sidebar footer: hides after scrolling this far. */
export const SIDEBAR_FOOTER_HIDE_PX = 2000;

export function SidebarFooter() {
  const hidden = useScrolledPast(SIDEBAR_FOOTER_HIDE_PX);
  return (
    <footer
      className={hidden ? 'sidebar-footer is-hidden' : 'sidebar-footer'}
      aria-label="Sidebar footer"
      aria-hidden={hidden || undefined}
      inert={hidden}
    >
      <nav aria-label="More">
        <Link to="/explore">Explore</Link>
        <Link to="/help">Help</Link>
        <Link to="/settings">Settings</Link>
      </nav>
    </footer>
  );
}
