// A webcam control: a real button with its name, and a tooltip above it (spec 002 §9: placed
// up, offset 50%, that is centred on the button) that says what it does and its shortcut.
import { useId, type MouseEvent, type ReactNode } from 'react';

export function WebcamButton({
  label,
  tip,
  className = '',
  onClick,
  pressed,
  disabled,
  busy,
  autoFocus,
  children,
}: {
  /** The button's accessible name. */
  label: string;
  tip?: string;
  className?: string;
  onClick?(e: MouseEvent<HTMLButtonElement>): void;
  /** A toggle's state (the flash). */
  pressed?: boolean;
  disabled?: boolean;
  busy?: boolean;
  autoFocus?: boolean;
  /** What the button shows, when not its label. */
  children?: ReactNode;
}) {
  const tipId = useId();
  return (
    <span className="webcam-control">
      <button
        type="button"
        className={`webcam-button ${className}`}
        aria-label={children === undefined ? undefined : label}
        aria-describedby={tip ? tipId : undefined}
        aria-pressed={pressed}
        aria-busy={busy || undefined}
        disabled={disabled}
        autoFocus={autoFocus}
        onClick={onClick}
      >
        {children ?? label}
      </button>
      {tip && (
        <span role="tooltip" id={tipId} className="webcam-tooltip webcam-tooltip--up">
          {tip}
        </span>
      )}
    </span>
  );
}
