// The mobile header's feature flags (spec 000 §6): the search field, its filters, the page
// title and the sticky header each need the logged-in state and their own flag. The server
// sends no flags, so the app ships with all four on; a test (or a later server setting)
// passes others.

export interface MobileFlags {
  /** mobile_web_search */
  search: boolean;
  /** mobile_web_search_filter */
  searchFilter: boolean;
  /** mobile_web_page_titles */
  pageTitles: boolean;
  /** mobile_web_sticky_header */
  stickyHeader: boolean;
}

export const MOBILE_FLAGS: MobileFlags = {
  search: true,
  searchFilter: true,
  pageTitles: true,
  stickyHeader: true,
};

/** The features a visitor or a user gets: each flag holds only for a logged-in user. */
export function enabledFeatures(flags: MobileFlags, loggedIn: boolean): MobileFlags {
  return {
    search: loggedIn && flags.search,
    searchFilter: loggedIn && flags.search && flags.searchFilter,
    pageTitles: loggedIn && flags.pageTitles,
    stickyHeader: loggedIn && flags.stickyHeader,
  };
}
