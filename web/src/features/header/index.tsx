// The page header (spec 000 §2.7): logo, Explore, the search box (spec 000 §2.12), and for
// logged-in users the account, activity, messaging and compose controls; visitors get Log in
// and Sign up.
import { useCallback, useRef, useState } from 'react';
import { Link } from 'wouter';
import { BoltIcon, PencilIcon, PersonIcon, SmileIcon } from '../../components/icons';
import { logEvent } from '../../lib/logger';
import { Badge } from '../../components/Badge';
import { Logo } from '../../components/Logo';
import { AccountPopover } from '../account';
import { ActivityPopover } from '../activity';
import { useFastComposeDrawer, useFastComposeShortcut } from '../fastCompose';
import { MessagingPopover } from '../messaging';
import { useRealtimeStatus } from '../../api/realtime';
import { HeaderSearch } from '../search';
import { useSession } from '../session';
import { TourGuide } from '../tour';
import { LiveUnreadCounts } from '../unread';
import { HeaderTab } from './components/HeaderTab';
import { HEADER_HEIGHT, HEADER_SLIDE_MS, useHeader, type HeaderPanel } from './HeaderContext';

export { HeaderProvider, useHeader, type HeaderPanel } from './HeaderContext';

/** The tour guide points at the account popover, found by this id. */
const ACCOUNT_POPOVER_ID = 'account-popover';

export function PageHeader() {
  const { user } = useSession();
  const { hidden, transparent, panel, setPanel } = useHeader();
  const [tourOpen, setTourOpen] = useState(false);
  const { markSeenAtg } = useSession();
  const realtimeStatus = useRealtimeStatus();

  const close = useCallback(() => setPanel(null), [setPanel]);
  const toggle = (which: HeaderPanel) => setPanel(panel === which ? null : which);

  const toggleAccount = () => {
    const opening = panel !== 'account';
    toggle('account');
    // Spec 000 §2.7: the account tab shows the tour if the user has not seen it; it is sent
    // as seen when it opens (§4).
    if (opening && user && !user.seenAtg) {
      setTourOpen(true);
      markSeenAtg();
    }
  };

  const toggleCompose = () => {
    const opening = panel !== 'compose';
    toggle('compose');
    logEvent(opening ? 'fast-compose-start' : 'fast-compose-dismiss');
  };
  const closeCompose = () => {
    if (panel === 'compose') logEvent('fast-compose-dismiss');
    close();
  };
  // Fast compose opens in the drawer (spec 000 §4), which may let it go by itself: Escape, a
  // click beside it, the blog viewer taking its place. The tab then closes too.
  const panelNow = useRef(panel);
  panelNow.current = panel;
  useFastComposeDrawer(panel === 'compose', {
    onChosen: close,
    onDismiss: closeCompose,
    onGone: () => {
      if (panelNow.current !== 'compose') return;
      logEvent('fast-compose-dismiss');
      setPanel(null);
    },
  });
  // Spec 001 §2: alt+c (Mac) or z then c (elsewhere) opens fast compose, when logged in and
  // not suspended.
  useFastComposeShortcut(() => {
    if (panel !== 'compose') toggleCompose();
  }, user !== null && !user.isSuspended);

  const classes = ['page-header'];
  if (hidden) classes.push('is-hidden');
  if (transparent) classes.push('is-transparent');

  return (
    <header
      className={classes.join(' ')}
      // Where the live connection stands, for styling and for end-to-end tests to wait on.
      data-realtime={realtimeStatus}
      style={{ height: HEADER_HEIGHT, ['--header-slide-ms' as string]: `${HEADER_SLIDE_MS}ms` }}
    >
      <div className="page-header__inner">
        <Logo to={user ? '/dashboard' : '/explore'} />
        <nav className="page-header__nav" aria-label="Main">
          <Link
            to="/explore"
            className="page-header__link"
            onClick={() => logEvent('explore-links', { from: 'header' })}
          >
            Explore
          </Link>
        </nav>
        <HeaderSearch />
        <div className="page-header__tabs">
          {user ? (
            <>
              <HeaderTab
                label="Account"
                icon={<PersonIcon />}
                open={panel === 'account'}
                onToggle={toggleAccount}
                onClose={close}
                dismissable={!tourOpen}
                popoverClassName="popover--account"
                popoverId={ACCOUNT_POPOVER_ID}
              >
                <AccountPopover onNavigate={close} />
              </HeaderTab>
              <LiveUnreadCounts />
              <HeaderTab
                label="Activity"
                icon={<BoltIcon />}
                badge={
                  <Badge count={user.activityUnreadCount} counting="unread notifications" />
                }
                open={panel === 'activity'}
                onToggle={() => toggle('activity')}
                onClose={close}
              >
                <ActivityPopover onNavigate={close} />
              </HeaderTab>
              {user.canMessage && (
                <HeaderTab
                  label="Messages"
                  icon={<SmileIcon />}
                  badge={
                    <Badge count={user.unreadCount} counting="unread conversations" />
                  }
                  open={panel === 'messaging'}
                  onToggle={() => toggle('messaging')}
                  onClose={close}
                >
                  <MessagingPopover onClose={close} />
                </HeaderTab>
              )}
              <HeaderTab
                label="Compose a post"
                icon={<PencilIcon />}
                open={panel === 'compose'}
                onToggle={toggleCompose}
                onClose={closeCompose}
              />
            </>
          ) : (
            <>
              <Link to="/login" className="button button--header-quiet">
                Log in
              </Link>
              <Link to="/login?mode=register" className="button button--header">
                Sign up
              </Link>
            </>
          )}
        </div>
      </div>
      {tourOpen && <TourGuide anchorId={ACCOUNT_POPOVER_ID} onClose={() => setTourOpen(false)} />}
    </header>
  );
}
