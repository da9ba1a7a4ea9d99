// The mobile drawer (spec 000 §2.12, §4): for a user, the dashboard, messages and activity
// (the page header's messaging and activity tabs, which a phone has no room for, with the same
// badges), likes, following, the settings sub-navigation, a new post and their blogs; for a
// visitor, the splash with Log in and Get started. It is a modal layer: the focus stays inside it, Escape closes it, and so
// does following any of its links.
import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { Link } from 'wouter';
import { AppLink } from '../../../components/AppLink';
import { Badge } from '../../../components/Badge';
import { keepTabInside } from '../../../components/focusTrap';
import { countIfAboveZero, formatCount } from '../../../lib/format';
import { useLogOut } from '../../account/useLogOut';
import { blogHref, pageAddress } from '../mobileLinks';
import type { MobileBlogEntry, MobileHeaderData } from '../mobileHeaderData';
import { MobileSplash } from './MobileSplash';

export const MOBILE_DRAWER_ID = 'mobile-drawer';

/** The drawer's sub-navigations; only settings has one. */
export type MobileSubnav = 'settings';

/**
 * Spec 000 §2.12 Settings sub-navigation, as far as the app has it. The spec's
 * /settings/account, /settings/notifications and /settings/apps are desktop-only (they open
 * in a new tab), and the app has no two-factor sign-in for /settings/tfa: its one settings
 * page stands in for the account's. Log out follows them: the
 * account popover that has it on a desktop (§2.2) is not on a phone.
 */
const SETTINGS_LINKS = [
  { href: '/settings/password', label: 'Change Password' },
  { href: '/settings', label: 'Account settings' },
  { href: '/help', label: 'Help' },
];

export function MobileDrawer({
  data,
  subnav,
  onSubnavChange,
  onClose,
  trapRoot,
}: {
  data: MobileHeaderData;
  subnav: MobileSubnav | null;
  onSubnavChange(subnav: MobileSubnav | null): void;
  /** `returnFocus`: give the focus back to the menu button (not after following a link). */
  onClose(returnFocus: boolean): void;
  /** What Tab keeps to: the drawer and the header above it, whose menu button closes it. */
  trapRoot: RefObject<HTMLElement | null>;
}) {
  const panel = useRef<HTMLDivElement>(null);

  // The focus moves in when the drawer opens and when the sub-navigation changes.
  useEffect(() => {
    const first = panel.current?.querySelector<HTMLElement>('a[href], button');
    (first ?? panel.current)?.focus();
  }, [subnav]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A dialog over the drawer ('Are you sure you want to log out?') has the keys.
      if (document.querySelector('.dialog-backdrop')) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose(true);
      } else if (trapRoot.current) {
        keepTabInside(trapRoot.current, e);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose, trapRoot]);

  // A link to the page already shown changes no address: it closes the drawer all the same.
  const onClick = (e: MouseEvent) => {
    if ((e.target as Element).closest('a[href]')) onClose(false);
  };

  return (
    <>
      {/* A press beside the panel closes it, as Escape does from the keyboard. */}
      <div className="mobile-drawer__overlay" role="presentation" onClick={() => onClose(true)} />
      {/* The links' own clicks (Enter on a link is one too) close the menu on their way up. */}
      {/* oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={panel}
        id={MOBILE_DRAWER_ID}
        className="mobile-drawer"
        role="dialog"
        aria-modal="true"
        aria-label={subnav === 'settings' ? 'Settings' : 'Menu'}
        tabIndex={-1}
        onClick={onClick}
      >
        {!data.loggedIn ? (
          <MobileSplash data={data} />
        ) : subnav === 'settings' ? (
          <SettingsNav onBack={() => onSubnavChange(null)} />
        ) : (
          <UserNav data={data} onSettings={() => onSubnavChange('settings')} />
        )}
      </div>
    </>
  );
}

function UserNav({ data, onSettings }: { data: MobileHeaderData; onSettings(): void }) {
  const likes = countIfAboveZero(data.likes);
  return (
    <>
      <nav aria-label="Main">
        <ul className="mobile-drawer__list">
          <li>
            <Link to="/dashboard" className="mobile-drawer__item">
              Dashboard
            </Link>
          </li>
          {/* Full-page views of the header's popovers (App.tsx: /messaging, /activity). */}
          {data.canMessage && (
            <li>
              <Link to="/messaging" className="mobile-drawer__item">
                Messages{' '}
                <Badge count={data.unreadConversations} counting="unread conversations" />
              </Link>
            </li>
          )}
          <li>
            <Link to="/activity" className="mobile-drawer__item">
              Activity{' '}
              <Badge count={data.unreadNotifications} counting="unread notifications" />
            </Link>
          </li>
          <li>
            <Link to="/likes" className="mobile-drawer__item">
              Likes{likes && ' '}
              {likes && <span className="mobile-drawer__count">{likes}</span>}
            </Link>
          </li>
          <li>
            <Link to="/following" className="mobile-drawer__item">
              Following{' '}
              <span className="mobile-drawer__count">{formatCount(data.following)}</span>
            </Link>
          </li>
          <li>
            <button type="button" className="mobile-drawer__item" aria-expanded={false} onClick={onSettings}>
              Settings
              <span className="mobile-drawer__more" aria-hidden="true">
                ›
              </span>
            </button>
          </li>
          <li>
            {/* {url_prefix}/new/text: the composer over the dashboard (spec 000 §2.12). */}
            <Link to={`${data.urlPrefix}/new/text`} className="mobile-drawer__item mobile-drawer__item--accent">
              Create a post
            </Link>
          </li>
        </ul>
      </nav>
      {data.blogs.length > 0 && (
        <section className="mobile-drawer__blogs" aria-labelledby="mobile-drawer-blogs">
          <h2 id="mobile-drawer-blogs" className="mobile-drawer__heading">
            Blogs
          </h2>
          <ul className="mobile-drawer__list">
            {data.blogs.map((blog) => (
              <li key={blog.name}>
                <BlogRow blog={blog} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function BlogRow({ blog }: { blog: MobileBlogEntry }) {
  const href = blogHref(blog.url, pageAddress());
  const content = (
    <>
      <img className="mobile-drawer__avatar" src={blog.avatar} width={32} height={32} alt="" loading="lazy" />
      <span className="mobile-drawer__blog-text">
        <span className="mobile-drawer__blog-name">{blog.name}</span>
        <span className="mobile-drawer__blog-title">{blog.safeTitle}</span>
      </span>
    </>
  );
  if (href === null) return <span className="mobile-drawer__item mobile-drawer__blog">{content}</span>;
  return (
    <AppLink href={href} className="mobile-drawer__item mobile-drawer__blog">
      {content}
    </AppLink>
  );
}

function SettingsNav({ onBack }: { onBack(): void }) {
  const { logOut } = useLogOut();
  return (
    <nav aria-label="Settings">
      <button type="button" className="mobile-drawer__back" onClick={onBack}>
        <span aria-hidden="true">‹</span> Settings
      </button>
      <ul className="mobile-drawer__list">
        {SETTINGS_LINKS.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="mobile-drawer__item">
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          {/* The account popover's Log out (§2.2), which a phone has no room for. */}
          <button type="button" className="mobile-drawer__item" onClick={() => void logOut()}>
            Log out
          </button>
        </li>
      </ul>
    </nav>
  );
}
