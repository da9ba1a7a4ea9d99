// A plain text field of a post body: labelled for screen readers, its label shown as the
// placeholder (the composer's fields have no visible labels, as on the dashboard).
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
