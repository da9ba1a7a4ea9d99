// The tag suggestions under the tag editor (spec 001 §2 "Tag suggestions: the user's tags
// first, then a Popular header with suggestions"). The keyboard stays in the tag field (the
// arrow keys move the highlight, Enter picks it); a click picks too.
import { decodeHtmlText } from '../../../lib/htmlText';
import { onPointerMoved } from '../../../lib/pointerMoved';
import type { ShownTagSuggestions } from '../hooks/useTagSuggestions';

/** The suggestions in the order the list shows them (and the arrow keys move through). */
export function suggestionOrder(shown: ShownTagSuggestions): string[] {
  return [...shown.userTags, ...shown.popular];
}

export function TagSuggestions({
  id,
  shown,
  active,
  onHighlight,
  onPick,
}: {
  id: string;
  shown: ShownTagSuggestions;
  /** The highlighted suggestion's place in suggestionOrder, or null. */
  active: number | null;
  onHighlight(index: number): void;
  onPick(tag: string): void;
}) {
  const option = (tag: string, index: number) => (
    // The input keeps the focus and names the active option (aria-activedescendant, the combobox pattern): its keys choose, and a focusable option would take the focus from it on a press.
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
    <div
      key={tag}
      id={`${id}-${index}`}
      role="option"
      aria-selected={index === active}
      className={index === active ? 'tag-suggestions__tag is-active' : 'tag-suggestions__tag'}
      // Keep the focus in the tag field: a blur would submit what is typed.
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={onPointerMoved(() => onHighlight(index))}
      onClick={() => onPick(tag)}
    >
      #{decodeHtmlText(tag)}
    </div>
  );
  const popularFrom = shown.userTags.length;
  return (
    <div className="tag-suggestions" role="listbox" id={id} aria-label="Tag suggestions">
      {shown.userTags.map((tag, i) => option(tag, i))}
      {shown.popular.length > 0 && (
        <div role="group" aria-labelledby={`${id}-popular`}>
          <div id={`${id}-popular`} className="tag-suggestions__header">
            Popular
          </div>
          {shown.popular.map((tag, i) => option(tag, popularFrom + i))}
        </div>
      )}
    </div>
  );
}
