// The overlay input popover (spec 001 §2 "Overlay input popover (confirm text Done)"): one
// address to type, confirmed with Done or Enter, dropped with Escape; as long as the server
// takes a URL (`limits.urlChars`, §9).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { DONE } from '../strings';

export function OverlayInput({
  label,
  initialValue = '',
  placeholder,
  isValid = () => true,
  maxChars,
  onDone,
  onCancel,
  children,
}: {
  label: string;
  initialValue?: string;
  placeholder?: string;
  /** Done is refused (and the field marked invalid) while this says no; empty is always fine. */
  isValid?(value: string): boolean;
  /** The longest address (the server's `limits.urlChars`). */
  maxChars: number;
  onDone(value: string): void;
  onCancel(): void;
  /** More ways to answer, below the field (the photo's file chooser). */
  children?: ReactNode;
}) {
  const [value, setValue] = useState(initialValue);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const invalid = value.trim() !== '' && !isValid(value.trim());

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const done = () => {
    if (invalid) return;
    onDone(value.trim());
  };

  return (
    <div
      className="overlay-input"
      role="group"
      aria-labelledby={`${id}-label`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          // Only this popover closes, not the composer around it.
          e.stopPropagation();
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <label id={`${id}-label`} htmlFor={id} className="overlay-input__label">
        {label}
      </label>
      <div className="overlay-input__row">
        <input
          ref={inputRef}
          id={id}
          className="field__input"
          type="text"
          inputMode="url"
          value={value}
          maxLength={maxChars}
          placeholder={placeholder}
          aria-invalid={invalid || undefined}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              done();
            }
          }}
        />
        <button type="button" className="button button--primary" onClick={done} disabled={invalid}>
          {DONE}
        </button>
      </div>
      {children}
    </div>
  );
}
