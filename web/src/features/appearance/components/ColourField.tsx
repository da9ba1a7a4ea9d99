import { normalColour } from '../appearanceDraft';
import { errorProps, FieldError } from './FieldError';

/**
 * A theme colour: the browser's colour picker, and a text field for typing `#RRGGBB` (or
 * `#RGB`). Both edit the same value; the picker shows the last good colour while the text is
 * not one.
 */
export function ColourField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange(value: string): void;
}) {
  const shown = normalColour(value);
  return (
    <div className="appearance-colour">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="appearance-colour__inputs">
        <input
          type="color"
          className="appearance-colour__picker"
          aria-label={`${label} picker`}
          value={(shown ?? '#000000').toLowerCase()}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
        />
        <input
          id={id}
          type="text"
          className="field__input appearance-colour__text"
          value={value}
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          placeholder="#RRGGBB"
          onChange={(e) => onChange(e.target.value)}
          {...errorProps(id, error)}
        />
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
