// What the mobile header shows (spec 000 §3 Mobile header data), made from the session and
// the address alone: the mobile header makes no network calls (§7).
import type { User } from '../../api/models';
import type { SiteSearchPostType, SiteSearchSort } from '../../api/searchEndpoints';
import { pathSegment, SITE_SEARCH_DEFAULTS, siteSearchFromLocation } from '../search';
import type { MobileFlags } from './mobileFlags';

/** One of the user's blogs in the drawer. */
export interface MobileBlogEntry {
  url: string;
  avatar: string;
  name: string;
  safeTitle: string;
}

/** The logged-out drawer's picture and the blog it is credited to. */
export interface MobileSplashData {
  image: string;
  url: string;
  avatar: string;
  name: string;
}

/** Spec 000 §3 Mobile header data, less drawer_open (the header's own state). */
export interface MobileHeaderData {
  loggedIn: boolean;
  pageTitle: string | null;
  /** The current search page's term, trimmed (§5); '' on any other page. */
  searchTerm: string;
  filterSort: SiteSearchSort;
  filterPostType: SiteSearchPostType;
  filterNsfw: boolean;
  likes: number;
  following: number;
  /**
   * Beyond §3: the phone's counterparts of the page header's messaging and activity tabs (the
   * drawer's Messages and Activity, with their badges). Messages only for a user who may
   * message (§2.7, §6).
   */
  canMessage: boolean;
  unreadConversations: number;
  unreadNotifications: number;
  blogs: MobileBlogEntry[];
  /** What the composer's routes start with: '' opens it over the dashboard. */
  urlPrefix: string;
  splash: MobileSplashData | null;
  hasApp: boolean;
  appUrl: string | null;
}

/** What the app has besides the session and the address. It has no splash and no app yet. */
export interface MobileExtras {
  splash?: MobileSplashData | null;
  appUrl?: string | null;
}

const SEARCH_PAGE = /^\/search(?:\/(.*))?$/;

/**
 * The title of the page at `path`, for the header's middle. Null where the page has none the
 * header could name without asking the server (the header then shows the logo).
 */
export function pageTitleOf(path: string): string | null {
  const [, first = '', second = '', third = ''] = path.split('/');
  switch (first) {
    case '':
    case 'dashboard':
      return 'Dashboard';
    case 'explore':
      return 'Explore';
    case 'likes':
      return 'Likes';
    case 'following':
      return 'Following';
    case 'settings':
      return second === 'blog' ? 'Edit appearance' : 'Settings';
    case 'help':
      return 'Help';
    case 'messaging':
      return 'Messages';
    case 'activity':
      return 'Activity';
    case 'search':
      return 'Search';
    case 'radar':
      return 'Reach';
    case 'new':
      return second === 'blog' ? 'New blog' : 'Create a post';
    case 'tagged':
      return second ? `#${pathSegment(second)}` : null;
    case 'blog':
      // A blog's pages are titled by its name; its archive says so.
      if (!second) return null;
      return third === 'archive' ? `${second} archive` : second;
    default:
      return null;
  }
}

/** The header data for `user` (null: a visitor) at `path` with the query string `query`. */
export function mobileHeaderData(
  user: User | null,
  path: string,
  query: string,
  { splash = null, appUrl = null }: MobileExtras = {},
): MobileHeaderData {
  const searchPage = SEARCH_PAGE.exec(path);
  const search = searchPage
    ? siteSearchFromLocation(searchPage[1] || undefined, query)
    : { term: '', ...SITE_SEARCH_DEFAULTS };
  return {
    loggedIn: user !== null,
    pageTitle: pageTitleOf(path),
    searchTerm: search.term,
    filterSort: search.sort,
    filterPostType: search.postType,
    filterNsfw: search.filterNsfw,
    likes: user?.likedPostCount ?? 0,
    following: user?.friendCount ?? 0,
    canMessage: user?.canMessage ?? false,
    unreadConversations: user?.unreadCount ?? 0,
    unreadNotifications: user?.activityUnreadCount ?? 0,
    // The user's own blogs, then the groups of others they write, as the account menu lists them.
    blogs: [...(user?.blogs ?? []), ...(user?.groups ?? [])].map((b) => ({
      url: b.url,
      avatar: b.avatarUrl,
      name: b.name,
      safeTitle: b.title,
    })),
    urlPrefix: '',
    splash,
    hasApp: appUrl !== null && appUrl !== '',
    appUrl,
  };
}

/**
 * The page title the header shows (spec 000 §4): only with the page-title flag on, a title,
 * a logged-in user and no search term (a search page shows its term in the search field).
 */
export function shownPageTitle(data: MobileHeaderData, flags: MobileFlags): string | null {
  if (!flags.pageTitles || !data.loggedIn || data.searchTerm !== '') return null;
  return data.pageTitle;
}
