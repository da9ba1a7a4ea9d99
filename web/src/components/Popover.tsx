// A popover pinned to the button that opens it: focus moves into it when it opens and back to
// the button when it closes with the focus inside; Escape or a click outside closes it.
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useDismiss } from './useDismiss';

/** What takes the focus when a popover opens, unless it says otherwise: its first field. */
const FIRST_FIELD = 'input, textarea, select, button, [role="menuitemradio"]';

export function Popover({
  label,
  anchorRef,
  onClose,
  className,
  role = 'dialog',
  focusFirst = FIRST_FIELD,
  children,
}: {
  label: string;
  /** The button that toggles it: clicks on it are its own. */
  anchorRef: RefObject<HTMLElement | null>;
  onClose(): void;
  className: string;
  role?: 'dialog' | 'menu';
  /** A selector for what takes the focus on opening (the popover itself when none matches). */
  focusFirst?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(ref, onClose, { ignore: anchorRef });

  useEffect(() => {
    const first = ref.current?.querySelector<HTMLElement>(focusFirst);
    (first ?? ref.current)?.focus();
    const anchor = anchorRef.current;
    return () => {
      // Closed with the focus inside it (Escape, a choice): the focus goes back to its
      // button, rather than to the top of the page.
      if (!document.activeElement || document.activeElement === document.body) anchor?.focus();
    };
    // Only on opening (its props stay as they were): what is inside changes while it is open.
  }, [anchorRef, focusFirst]);

  return (
    <div ref={ref} className={className} role={role} aria-label={label} tabIndex={-1}>
      {children}
    </div>
  );
}
