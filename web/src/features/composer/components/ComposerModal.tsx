// The composer's modal (spec 001 §1: a modal over the page, with a dimming layer and a
// loading bar): focus moves in when it opens, stays in while it is open, and goes back to
// where it was when it closes (or, when that is gone from the page, to `returnFocus`). Escape asks to close, unless a popover inside is open (that
// popover closes first: every popover's button has aria-haspopup and aria-expanded).
import { useEffect, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

export function ComposerModal({
  label,
  loading,
  onRequestClose,
  returnFocus = null,
  children,
}: {
  label: string;
  loading: boolean;
  onRequestClose(): void;
  /** Has the focus on closing if what had it on opening left the page meanwhile. */
  returnFocus?: HTMLElement | null;
  children?: ReactNode;
}) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const latestReturnFocus = useRef(returnFocus);
  latestReturnFocus.current = returnFocus;

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    // Page scroll would move the page under the modal.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    if (!dialogRef.current?.contains(document.activeElement)) dialogRef.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      // A control in what closed under the modal (fast compose's drawer) is gone: focusing it
      // would leave the focus at the top of the page.
      const back = previouslyFocused?.isConnected ? previouslyFocused : latestReturnFocus.current;
      if (back?.isConnected) back.focus();
    };
  }, []);

  // A popover that closed with the focus in it may leave the focus on the page's body: keys
  // pressed then still belong to the modal.
  const latestClose = useRef(onRequestClose);
  latestClose.current = onRequestClose;
  useEffect(() => {
    const onStrayKey = (e: KeyboardEvent) => {
      const dialog = dialogRef.current;
      if (!dialog || document.activeElement !== document.body || document.querySelector('.dialog-backdrop')) return;
      if (e.key === 'Tab' || e.key === 'Escape') {
        e.preventDefault();
        dialog.focus();
        if (e.key === 'Escape' && !dialog.querySelector('[aria-haspopup][aria-expanded="true"]')) latestClose.current();
      }
    };
    document.addEventListener('keydown', onStrayKey);
    return () => document.removeEventListener('keydown', onStrayKey);
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (e.key === 'Escape') {
      // An open popover (its button says so) closes on this Escape by itself.
      if (e.defaultPrevented || dialog.querySelector('[aria-haspopup][aria-expanded="true"]')) return;
      e.preventDefault();
      onRequestClose();
      return;
    }
    if (e.key === 'Tab') {
      // Keep Tab inside the modal.
      const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  return (
    <div className="composer-layer">
      <div className="composer-layer__dim" aria-hidden="true" />
      {loading && (
        <div className="composer-layer__loading" role="progressbar" aria-label="Loading the post form" aria-busy="true">
          <span className="composer-layer__loading-bar" />
        </div>
      )}
      <div
        ref={dialogRef}
        className="composer-modal"
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  );
}
