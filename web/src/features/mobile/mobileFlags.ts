// The mobile header's feature flags (spec 000 §6: mobile_web_search, mobile_web_search_filter,
// mobile_web_page_titles, mobile_web_sticky_header). The server sends no flags, so the app
// ships with all four on; a test (or a later server setting) passes others.
//
// How §6 is read here: it says the search *filter* and page title features need the logged-in
// state plus their flags. The search field itself is read as needing only its flag, for two
// reasons the spec gives elsewhere: the search is a plain GET form to /search (§2.12) that a
// visitor may submit, and the desktop page header offers visitors the same site search
// (§2.7, §2.12). A visitor's phone would otherwise have no way to search at all. The logged-out
// splash (§2.12) lives in the drawer, which the search field never shares the screen with
// (opening the drawer hides the field, §4).

export interface MobileFlags {
  /** mobile_web_search: the search button and field, for users and visitors. */
  search: boolean;
  /** mobile_web_search_filter: the search's filters, for a logged-in user. */
  searchFilter: boolean;
  /** mobile_web_page_titles: the page title in the header, for a logged-in user. */
  pageTitles: boolean;
  /** mobile_web_sticky_header: the header sticks past 45 px, for a logged-in user. */
  stickyHeader: boolean;
}

export const MOBILE_FLAGS: MobileFlags = {
  search: true,
  searchFilter: true,
  pageTitles: true,
  stickyHeader: true,
};

/**
 * The features a visitor or a user gets: each needs its flag; all but the search field also
 * need a logged-in user (see above for why the search field does not).
 */
export function enabledFeatures(flags: MobileFlags, loggedIn: boolean): MobileFlags {
  return {
    search: flags.search,
    searchFilter: loggedIn && flags.search && flags.searchFilter,
    pageTitles: loggedIn && flags.pageTitles,
    stickyHeader: loggedIn && flags.stickyHeader,
  };
}
