// The mobile header (spec 000 §2.12, §4): the menu button that opens the drawer (badged with
// what is unread in its Messages and Activity), the page title (or the logo), and the search.
// It scrolls away with the page, and past 45 px sticks to the top after 500 ms, sliding out
// while the reader scrolls down and back on the way up.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Badge } from '../../../components/Badge';
import { Logo } from '../../../components/Logo';
import { useSession } from '../../session';
import { LiveUnreadCounts } from '../../unread';
import { enabledFeatures, MOBILE_FLAGS, type MobileFlags } from '../mobileFlags';
import { mobileHeaderData, shownPageTitle, type MobileExtras } from '../mobileHeaderData';
import { useStickyHeader } from '../useStickyHeader';
import { MenuIcon } from './MenuIcon';
import { MOBILE_DRAWER_ID, MobileDrawer, type MobileSubnav } from './MobileDrawer';
import { MobileSearch } from './MobileSearch';

/** While the drawer is open the page under it does not scroll (mobile.css). */
const DRAWER_OPEN_CLASS = 'mobile-drawer-open';

export function MobileHeader({ flags = MOBILE_FLAGS, extras }: { flags?: MobileFlags; extras?: MobileExtras }) {
  const { user } = useSession();
  const [location] = useLocation();
  const query = useSearch();
  const data = mobileHeaderData(user, location, query, extras);
  const features = enabledFeatures(flags, data.loggedIn);
  const title = shownPageTitle(data, features);

  const root = useRef<HTMLDivElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [subnav, setSubnav] = useState<MobileSubnav | null>(null);
  const [searchShown, setSearchShown] = useState(data.searchTerm !== '');
  const { sticky, hidden } = useStickyHeader(features.stickyHeader);

  const closeDrawer = useCallback((returnFocus: boolean) => {
    setDrawerOpen(false);
    // The sub-navigation closes with the drawer (§4).
    setSubnav(null);
    if (returnFocus) menuButton.current?.focus();
  }, []);

  // Another page: the drawer closes, and the search field shows only on a search page, with
  // its term.
  const [shownLocation, setShownLocation] = useState(location);
  if (shownLocation !== location) {
    setShownLocation(location);
    setDrawerOpen(false);
    setSubnav(null);
    setSearchShown(data.searchTerm !== '');
  }
  const searchVisible = features.search && searchShown;

  useEffect(() => {
    document.documentElement.classList.toggle(DRAWER_OPEN_CLASS, drawerOpen);
    return () => document.documentElement.classList.remove(DRAWER_OPEN_CLASS);
  }, [drawerOpen]);

  // Spec 000 §4: the button toggles the drawer, or closes an open sub-navigation instead.
  const onMenu = () => {
    if (subnav !== null) setSubnav(null);
    else if (drawerOpen) closeDrawer(false);
    else {
      setDrawerOpen(true);
      // Opening the drawer hides the search field.
      setSearchShown(false);
    }
  };

  const classes = ['mobile-header'];
  if (sticky) classes.push('is-sticky');
  if (hidden && !drawerOpen) classes.push('is-hidden');
  if (drawerOpen) classes.push('is-drawer-open');
  const menuLabel = subnav === 'settings' ? 'Back to the menu' : drawerOpen ? 'Close menu' : 'Menu';
  // The drawer's Messages and Activity badges, summed on the closed menu's button so that
  // something new is seen without opening it (the drawer itself names each count).
  const unread = (data.canMessage ? data.unreadConversations : 0) + data.unreadNotifications;

  return (
    <div ref={root} className={classes.join(' ')}>
      <header className="mobile-header__bar">
        <button
          ref={menuButton}
          type="button"
          className="mobile-header__button"
          aria-expanded={drawerOpen}
          aria-controls={MOBILE_DRAWER_ID}
          onClick={onMenu}
        >
          <MenuIcon />
          {/* Named by its content, so the badge's count is part of the name ("Menu 3 unread"):
              the count is the button's visible text (WCAG 2.5.3). */}
          <span className="visually-hidden">{menuLabel}</span>{' '}
          {!drawerOpen && (
            <span className="mobile-header__badge">
              <Badge count={unread} />
            </span>
          )}
        </button>
        {!searchVisible && (
          <div className="mobile-header__middle">
            {title !== null ? (
              <span className="mobile-header__title">{title}</span>
            ) : (
              <Logo to={user ? '/dashboard' : '/explore'} />
            )}
          </div>
        )}
        {features.search && (
          <MobileSearch
            current={{
              term: data.searchTerm,
              sort: data.filterSort,
              postType: data.filterPostType,
              filterNsfw: data.filterNsfw,
            }}
            shown={searchVisible}
            onShownChange={setSearchShown}
            onButtonClick={() => {
              // Spec 000 §4: the search label closes the drawer.
              if (drawerOpen) closeDrawer(false);
            }}
            filters={features.searchFilter}
          />
        )}
      </header>
      {/* The badges' counts come live over the app's socket, as under the page header; the
          header itself still makes no calls (§7). */}
      {user && <LiveUnreadCounts />}
      {drawerOpen && (
        <MobileDrawer data={data} subnav={subnav} onSubnavChange={setSubnav} onClose={closeDrawer} trapRoot={root} />
      )}
    </div>
  );
}
