// A small popover inside the post form (the settings cog, the save dropdown, the tweet box, a
// photo's caption): pinned under its button, closed by Escape or a click outside.
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useDismiss } from '../../../components/useDismiss';

export function Popover({
  label,
  anchorRef,
  onClose,
  className = '',
  role = 'dialog',
  children,
}: {
  label: string;
  /** The button that toggles it: clicks on it are its own. */
  anchorRef: RefObject<HTMLElement | null>;
  onClose(): void;
  className?: string;
  role?: 'dialog' | 'menu';
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(ref, onClose, { ignore: anchorRef });

  useEffect(() => {
    const first = ref.current?.querySelector<HTMLElement>('input, textarea, select, button, [role="menuitemradio"]');
    (first ?? ref.current)?.focus();
    const anchor = anchorRef.current;
    return () => {
      // Closed with the focus inside it (Escape, a choice): the focus goes back to its
      // button, rather than to the page under the modal.
      if (!document.activeElement || document.activeElement === document.body) anchor?.focus();
    };
  }, [anchorRef]);

  return (
    <div ref={ref} className={`composer-popover ${className}`} role={role} aria-label={label} tabIndex={-1}>
      {children}
    </div>
  );
}
