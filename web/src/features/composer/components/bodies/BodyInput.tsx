// A plain text field of a post body: labelled for screen readers, its label shown as the
// placeholder (the composer's fields have no visible labels, as on the dashboard). A single
// line's placeholder longer than the field is wide can be shown wrapped rather than cut off.
import { useId, type Ref } from 'react';

export function BodyInput({
  label,
  value,
  onChange,
  placeholder = label,
  multiline = false,
  className = '',
  inputRef,
  disabled,
  autoFocus,
  maxLength,
  onBlur,
  problem,
  wrapPlaceholder = false,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  multiline?: boolean;
  className?: string;
  /** For a single-line field (the title, which ctrl or meta+shift+1 focuses). */
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  autoFocus?: boolean;
  maxLength?: number;
  onBlur?(): void;
  /** What is wrong with the value: shown under it, and the field marked invalid. */
  problem?: string | null;
  /**
   * A single line's placeholder wraps onto more lines when it is wider than the field (the
   * audio search's, whose wording the field is too narrow for) instead of being cut off.
   */
  wrapPlaceholder?: boolean;
}) {
  const id = useId();
  const common = {
    id,
    className: `body-input ${className}`,
    value,
    placeholder,
    disabled,
    autoFocus,
    maxLength,
    onBlur,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-problem` : undefined,
  };
  return (
    <div className="body-field">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
      ) : wrapPlaceholder ? (
        // An input's own placeholder cannot wrap: it stays for assistive technology but is not
        // drawn, and a copy of it shows over the field from its first line down, as tall as it
        // needs. A press on the copy puts the caret in the field.
        <div
          className="body-input-frame"
          role="presentation"
          onMouseDown={(e) => {
            const input = e.currentTarget.querySelector('input');
            if (!input || e.target === input) return;
            e.preventDefault();
            input.focus();
          }}
        >
          <input {...common} ref={inputRef} type="text" onChange={(e) => onChange(e.target.value)} />
          {value === '' && placeholder && (
            <span className="body-input-frame__placeholder" aria-hidden="true">
              {placeholder}
            </span>
          )}
        </div>
      ) : (
        <input {...common} ref={inputRef} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
      {problem && (
        <p id={`${id}-problem`} className="body-field__problem">
          {problem}
        </p>
      )}
    </div>
  );
}
