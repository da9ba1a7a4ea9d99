// The server keeps a post's text fields (titles, a quote, chat lines, a question, photo
// captions, tags) as text escaped for HTML: its sanitiser strips every tag and writes the
// characters that are left as HTML would (`&amp;`, `&lt;`, ...), and tags have their angle
// brackets escaped (docs/api.md "The save form"). The app shows them as text, so they are
// decoded first, by table: no HTML parser is involved, so nothing can turn into an element.

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g;

/** A code point a character reference may name, or null (the HTML spec refuses the rest). */
function fromCodePoint(code: number): string | null {
  const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
  return valid ? String.fromCodePoint(code) : null;
}

/** Text escaped for HTML, as plain text: `Tom &amp; Jerry &lt;3` → `Tom & Jerry <3`. */
export function decodeHtmlText(escaped: string): string {
  if (!escaped.includes('&')) return escaped;
  return escaped.replace(REFERENCE, (reference, decimal?: string, hex?: string, name?: string) => {
    if (decimal !== undefined) return fromCodePoint(Number(decimal)) ?? reference;
    if (hex !== undefined) return fromCodePoint(parseInt(hex, 16)) ?? reference;
    return NAMED[name!.toLowerCase()] ?? reference;
  });
}

/** Plain text written as HTML text: `Tom & Jerry <3` → `Tom &amp; Jerry &lt;3`. */
export function escapeHtmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Plain text as the HTML of paragraphs (a blank line between them), escaped. */
export function textToParagraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtmlText(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
