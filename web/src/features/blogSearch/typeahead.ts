// The typeahead model (spec 002 §3 Typeahead model, §5 Search): of the blog's popular tags
// (items), those containing the typed text (matchTerm), case-sensitively, at most maxRender.
import { TYPEAHEAD_TAGS } from '../../api/limits';

/** Spec 002 §3, §9: the typeahead shows at most 20 tags (the server's number, generated). */
export const TYPEAHEAD_MAX_RENDER = TYPEAHEAD_TAGS;
/** Spec 002 §9: the typeahead hides this long after the input loses focus. */
export const TYPEAHEAD_HIDE_MS = 100;

/**
 * The tags to show for `matchTerm`, in the blog's order (most used first). The typed text is
 * trimmed, as the term it would search for is (spec 002 §5); nothing typed, nothing matches:
 * the popover is for what the reader is typing.
 */
export function typeAheadMatches(items: readonly string[], matchTerm: string, maxRender = TYPEAHEAD_MAX_RENDER): string[] {
  const typed = matchTerm.trim();
  if (typed === '') return [];
  return items.filter((tag) => tag.includes(typed)).slice(0, maxRender);
}
