// The photo set's layout (spec 000 §3 Photoset): one radio per layout the set's photos may
// have, each drawn as its rows. Shown only when there is a choice.
import { useId } from 'react';
import { layoutName, layoutsFor } from '../../model/photosetLayout';

export function LayoutChooser({
  count,
  layout,
  disabled,
  onChoose,
}: {
  /** The photos in the set. */
  count: number;
  layout: string;
  disabled: boolean;
  onChoose(layout: string): void;
}) {
  const name = useId();
  const layouts = layoutsFor(count);
  if (count < 2 || layouts.length < 2) return null;
  return (
    <fieldset className="layout-chooser" disabled={disabled}>
      <legend className="layout-chooser__legend">Layout</legend>
      {layouts.map((option) => (
        <label key={option || 'none'} className={option === layout ? 'layout-chooser__option is-chosen' : 'layout-chooser__option'}>
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            value={option}
            checked={option === layout}
            onChange={() => onChoose(option)}
          />
          <LayoutDrawing layout={option} count={count} />
          <span className="layout-chooser__name">{layoutName(option)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The layout's rows as boxes: a row for each digit (for no layout, one box a row). */
function LayoutDrawing({ layout, count }: { layout: string; count: number }) {
  const rows = layout === '' ? Array.from({ length: count }, () => 1) : [...layout].map(Number);
  return (
    <span className="layout-chooser__drawing" aria-hidden="true">
      {rows.map((photos, r) => (
        <span key={r} className="layout-chooser__row">
          {Array.from({ length: photos }, (_, p) => (
            <span key={p} className="layout-chooser__photo" />
          ))}
        </span>
      ))}
    </span>
  );
}
