// Spec 000 §9 Mobile.

/** The header becomes sticky once the page is scrolled further down than this. */
export const STICKY_THRESHOLD_PX = 45;
/** …and only after the page has stayed scrolled past it this long. */
export const STICKY_DELAY_MS = 500;
/** Showing the search field moves the focus into it after this long (it slides open first). */
export const SEARCH_FOCUS_DELAY_MS = 250;
