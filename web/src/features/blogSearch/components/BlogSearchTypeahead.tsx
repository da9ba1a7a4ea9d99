// The typeahead popover (spec 002 §2): headed 'Popular Tags:', the matching tags with a #.
// The keyboard stays in the search input (the arrow keys move the highlight, Enter picks);
// a click picks too.
import { onPointerMoved } from '../../../lib/pointerMoved';

export function BlogSearchTypeahead({
  id,
  matches,
  active,
  onHighlight,
  onPick,
}: {
  id: string;
  matches: string[];
  /** The highlighted tag's place in `matches`, or null. */
  active: number | null;
  onHighlight(index: number): void;
  onPick(tag: string): void;
}) {
  return (
    <div className="popover search-typeahead">
      <div id={`${id}-heading`} className="search-typeahead__heading">
        Popular Tags:
      </div>
      <div role="listbox" id={id} aria-labelledby={`${id}-heading`}>
        {matches.map((tag, index) => (
          // The input keeps the focus and names the active option (aria-activedescendant, the combobox pattern): its keys choose, and a focusable option would take the focus from it on a press.
          // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
          <div
            key={tag}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'search-typeahead__tag is-active' : 'search-typeahead__tag'}
            // Keep the focus in the input: a blur would hide the list.
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={onPointerMoved(() => onHighlight(index))}
            onClick={() => onPick(tag)}
          >
            #{tag}
          </div>
        ))}
      </div>
    </div>
  );
}
