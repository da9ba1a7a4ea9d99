// Messaging's numbers and texts, word for word from spec 000 (§2.8, §2.9, §5, §8, §9).

/** §9: the inbox polls every 30 s, an open conversation every 2 s (only while the socket is down). */
export const INBOX_POLL_MS = 30_000;
export const CONVERSATION_POLL_MS = 2_000;
/** §9: favorites limit 8, shown 5; recipient search debounce 250 ms. */
export const FAVORITES_LIMIT = 8;
export const FAVORITES_SHOWN = 5;
export const RECIPIENT_SEARCH_DEBOUNCE_MS = 250;
/** §9 / §4: the loader after 250 ms of loading, 'Still sending...' after 500 ms of sending. */
export const LOADER_DELAY_MS = 250;
export const SENDING_DELAY_MS = 500;
/** §9: the inbox pagination loader shows only with at least 10 conversations. */
export const PAGINATION_LOADER_MIN_CONVERSATIONS = 10;
/** §9: infinite scroll threshold 50 px; scroll is disabled 500 ms after a page. */
export const INFINITE_SCROLL_THRESHOLD_PX = 50;
export const SCROLL_DISABLED_AFTER_PAGE_MS = 500;
/** §9: a timestamp header between messages more than an hour apart. */
export const TIMESTAMP_HEADER_GAP_MS = 3_600_000;

export const COMPOSE_MESSAGE = 'Compose Message';
export const NEVERMIND = 'Nevermind';
export const EMPTY_LIST_TEXT = 'Womp womp.';
export const NEW_MESSAGE = 'New message';
export const MESSAGE_CANNOT_BE_EMPTY = 'Message cannot be empty.';
export const STILL_SENDING = 'Still sending...';
export const MESSAGING_NOT_ENABLED = 'This blog does not have messaging enabled.';
export const NEW_CONVERSATION_GREETING = 'Hello';
export const CLOSE_WITHOUT_SENDING = 'Close without sending?';
/** §2.8: the empty inbox's friendly heading (its words are not given by the spec). */
export const EMPTY_INBOX_HEADING = 'Say hello to someone!';
