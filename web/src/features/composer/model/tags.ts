// The tag rules of spec 001 §5, as the server applies them (src/posts/tags.rs), so that the
// tags a user sees in the editor are the tags the post will have.

/** An odd number of double quotes keeps only the last; an even number removes them all. */
function balanceQuotes(tag: string): string {
  const quotes = tag.split('"').length - 1;
  if (quotes === 0) return tag;
  const last = tag.lastIndexOf('"');
  let out = '';
  for (let i = 0; i < tag.length; i++) {
    if (tag[i] !== '"' || (quotes % 2 === 1 && i === last)) out += tag[i];
  }
  return out;
}

/**
 * One tag by the rules: hash signs and commas removed, quotes balanced, at most `tagChars`
 * characters (the server's `limits.tagChars`), angle brackets escaped (`<3` is kept as
 * `&lt;3`, as the server stores it; the editor shows it decoded).
 */
export function cleanTag(raw: string, tagChars: number): string {
  const withoutHash = raw.replace(/[#,]/g, '');
  const balanced = balanceQuotes(withoutHash.trim()).trim();
  // Characters, not UTF-16 units: the server counts characters.
  const truncated = Array.from(balanced).slice(0, tagChars).join('');
  return truncated.replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** What tags are compared by: duplicates are rejected whatever their case. */
export function tagKey(tag: string): string {
  return tag.toLowerCase();
}

/**
 * The tags after submitting `input`: the cleaned tag added at the end, unless it is empty or
 * already there (in any case). Returns the same array when nothing was added.
 */
export function addTag(tags: string[], input: string, tagChars: number): string[] {
  const tag = cleanTag(input, tagChars);
  if (!tag) return tags;
  const key = tagKey(tag);
  if (tags.some((t) => tagKey(t) === key)) return tags;
  return [...tags, tag];
}

/** The text typed so far, cut where typing is blocked: at `tagChars` characters. */
export function limitTagInput(input: string, tagChars: number): string {
  const chars = Array.from(input);
  return chars.length > tagChars ? chars.slice(0, tagChars).join('') : input;
}
