// The GIF search's numbers, from spec 000 §9 "GIF search" (and §5).

/** How many GIFs one search asks for (the server's most, too). */
export const GIF_SEARCH_LIMIT = 200;
/** An answer is used again for the same query while it is fresher than 5 minutes. */
export const GIF_SEARCH_CACHE_MS = 300_000;
/** The input is searched 250 ms after the last key. */
export const GIF_SEARCH_DEBOUNCE_MS = 250;

/** Results are put on the page 50 at a time, 5 ms apart, so that 200 images do not block typing. */
export const RESULT_BATCH_SIZE = 50;
export const RESULT_BATCH_DELAY_MS = 5;
/** "Preload poll every 1000 ms": how often a chosen GIF's full-size image is checked for loaded. */
export const PRELOAD_POLL_MS = 1000;

/**
 * A result's width, its image scaled to it, unless the panel's user says otherwise ("Result
 * container width defaults to 150"); the composer asks for 250 (spec 001 §9).
 */
export const RESULT_WIDTH = 150;
/** At most this many of a result's tags are shown, never these ones. */
export const TAGS_PER_RESULT = 3;
export const UNSHOWN_TAGS: readonly string[] = ['gif', 'gifs'];

/** Which results are on the page is worked out again 250 ms after scrolling stops. */
export const SCROLL_DEBOUNCE_MS = 250;
