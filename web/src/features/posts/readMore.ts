// The read-more marker (spec 001 §9): the server keeps `[[MORE]]` as text in a post's HTML.
// Lists show what comes before it and a 'Keep reading' link; the post's own page shows all of
// it, without the marker.
import type { ServerHtml } from '../../api/postModels';
import { READ_MORE_MARKER } from './constants';

/**
 * Where the first marker in the text starts, or -1. A marker inside a tag (an address or an
 * alt text that happens to contain it) does not count. In sanitised HTML a `<` in text is
 * always written `&lt;`, and attribute values are always quoted.
 */
function markerInText(html: string, from = 0): number {
  let inTag = false;
  let quote: string | null = null;
  for (let i = from; i < html.length; i++) {
    const c = html[i];
    if (inTag) {
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'") {
        quote = c;
      } else if (c === '>') {
        inTag = false;
      }
    } else if (c === '<') {
      inTag = true;
    } else if (c === '[' && html.startsWith(READ_MORE_MARKER, i)) {
      return i;
    }
  }
  return -1;
}

/** Opening tags left with nothing in them at the end of a cut (`…</p><p>`). */
const TRAILING_EMPTY_OPENINGS = /(?:<[a-z][a-z0-9]*>\s*)+$/i;
/** A paragraph that only held the marker. */
const EMPTY_PARAGRAPHS = /<p>\s*<\/p>/g;

// Both functions below only ever remove from sanitised HTML: a prefix of it, or it without a
// piece of text. Removing cannot add an element or an attribute, so what they return is
// still what the server's sanitiser let through.

/** What comes before the read-more marker, or null when `html` has none. */
export function beforeReadMore(html: ServerHtml): ServerHtml | null {
  const at = markerInText(html);
  if (at === -1) return null;
  return html.slice(0, at).replace(TRAILING_EMPTY_OPENINGS, '') as ServerHtml;
}

/** All of `html`, with every read-more marker (and a paragraph left empty by one) taken out. */
export function withoutReadMore(html: ServerHtml): ServerHtml {
  let out = html as string;
  let at = markerInText(out);
  if (at === -1) return html;
  while (at !== -1) {
    out = out.slice(0, at) + out.slice(at + READ_MORE_MARKER.length);
    at = markerInText(out, at);
  }
  return out.replace(EMPTY_PARAGRAPHS, '') as ServerHtml;
}
