// The reading side's numbers and words, from the spec (001 §9, 000 §9).

/** 001 §9: the read-more marker and its link's label. */
export const READ_MORE_MARKER = '[[MORE]]';
export const KEEP_READING = 'Keep reading';

/**
 * 001 §9: photoset width 540, padding 2 (the reader's column is 540 wide). 000 §9 gives 500
 * and 5 for the photoset of the drag-to-reorder editor (000 §2.11), which is the composer's.
 */
export const PHOTOSET_WIDTH = 540;
export const PHOTOSET_PADDING = 2;
/** 000 §3 Photoset: at most 3 photos in a row. */
export const PHOTOSET_MAX_PER_ROW = 3;

/** 001 §9: media inside a reblog's trail are shown at most this wide. */
export const REBLOG_INLINE_MEDIA_WIDTH = 250;

/** 000 §9 Infinite-scroll helper: the next page when less than 175 px is left below. */
export const INFINITE_SCROLL_OFFSET_PX = 175;
export const INFINITE_SCROLL_THROTTLE_MS = 200;
/** 000 §9: "the buffer is two thirds of the window height", read ahead of the offset. */
export const INFINITE_SCROLL_BUFFER_OF_WINDOW = 2 / 3;

/**
 * 002 §9 Scrollbar: "Infinite scroll fires past 90% scrolled; debounce 150 ms." The rule of
 * spec 002's paged screens (the archive, the blog viewer's search results): the next page once
 * the bottom of the view is past this fraction of the scrollable height, checked when
 * scrolling has paused this long.
 */
export const SCROLLED_PAST_FRACTION = 0.9;
export const SCROLLED_PAST_DEBOUNCE_MS = 150;

/** Who asked an ask that carries no name (`asking_name` null). */
export const ANONYMOUS = 'Anonymous';
