// The composer's own numbers from spec 001 §9 (and §5), in one place: timings and what it
// shows. Every limit the server also enforces (photos per post, caption, tag, URL and tweet
// lengths, upload bytes, inline embeds, OpenGraph tags, audio search results) comes from
// get_post_form_builder_data's `limits` instead, so that the form and the server cannot
// disagree.

/** Link URL input debounce; the audio and video fields' ("URL input debounce"). */
export const LINK_URL_DEBOUNCE_MS = 500;
export const URL_INPUT_DEBOUNCE_MS = 250;
/** The audio search field's debounce. */
export const AUDIO_SEARCH_DEBOUNCE_MS = 200;
/** Audio search: results kept of each service in the copyright fallback; audio lookups remembered. */
export const COPYRIGHT_FALLBACK_SEARCH_RESULTS = 3;
export const AUDIO_LOOKUP_CACHE = 10;

/** The mention dropdown asks 10 ms after the last key. */
export const MENTION_DEBOUNCE_MS = 10;

/** Tag suggestions: from 2 characters, 100 ms after the last key; 20 answers kept, 5 shown. */
export const TAG_SUGGEST_MIN_CHARS = 2;
export const TAG_SUGGEST_DEBOUNCE_MS = 100;
export const TAG_SUGGESTIONS_CACHED = 20;
export const TAG_SUGGESTIONS_SHOWN = 5;

/** The full-width minimum: a link's thumbnail is used only from this width (px). */
export const FULL_WIDTH_MIN_PX = 300;

/**
 * The GIF search's results in the composer are 250 px wide (§9 "GIF search returns 200
 * results of width 250"; 200 is the panel's own limit already). Spec 000 §9's "Result
 * container width defaults to 150" is the panel's default, for a panel no one sizes; the two
 * lines agree once the composer is read as the one that asks for 250, which both of its
 * panels (the editor's and the photo post's) do. The width is the result's display: the
 * server keeps one rendition of each GIF (its mediaUrl, with its width and height), scaled
 * here to the width. §9's old-Firefox numbers (20 results of 100) are for a browser this app
 * does not support.
 */
export const GIF_RESULT_WIDTH = 250;

/** Video embeds are asked for at this width; one without a thumbnail is asked again later. */
export const EMBED_WIDTH = 540;
export const EMBED_RETRY_DELAY_MS = 2000;

/** Tutorials show after 500 ms on a text post, 750 ms on the others. */
export const TUTORIAL_DELAY_TEXT_MS = 500;
export const TUTORIAL_DELAY_MS = 750;
/** The toast after a save (reblogs, fast compose, tagged pages, no post created). */
export const TOAST_DELAY_MS = 250;
/** How long the toast stays (not in the spec: long enough to read a short sentence). */
export const TOAST_SHOWN_MS = 4000;
/** The loader that replaces the save button. */
export const LOADER_DELAY_MS = 250;
/** Fast compose: each tile's animation, and the delay between one tile and the next. */
export const TILE_ANIMATION_MS = 150;
export const TILE_STAGGER_MS = 50;

/** Where the 'Video file is too large' dialog sends people (spec 001 §8: upload_to_vimeo). */
export const EXTERNAL_VIDEO_UPLOAD_URL = 'https://vimeo.com/upload';
