import { useEffect, useId, useRef } from 'react';
import { keepTabInside } from '../../../components/focusTrap';
import type { DialogRequest } from '../dialogQueue';

/**
 * One confirm or alert dialog, modal, over a dimmed page: named by its question, Tab kept
 * inside it, Escape its Cancel. A confirm opens with the focus on Cancel, the choice that
 * changes nothing, so a key pressed in passing (Enter after the Escape that asked 'Discard
 * this post?') never deletes or discards; an alert on its OK.
 */
export function Dialog({
  request,
  onClose,
}: {
  request: DialogRequest;
  onClose(ok: boolean): void;
}) {
  const textId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    (cancelRef.current ?? okRef.current)?.focus();
    return () => previouslyFocused?.focus?.();
  }, []);

  return (
    <div className="dialog-backdrop">
      <div
        ref={dialogRef}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={textId}
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose(false);
          } else if (dialogRef.current) {
            keepTabInside(dialogRef.current, e);
          }
        }}
      >
        <p id={textId} className="dialog__text">
          {request.text}
        </p>
        <div className="dialog__buttons">
          {request.kind === 'confirm' && (
            <button ref={cancelRef} type="button" className="button button--quiet" onClick={() => onClose(false)}>
              {request.cancel}
            </button>
          )}
          <button
            ref={okRef}
            type="button"
            className="button button--primary"
            onClick={() => onClose(true)}
          >
            {request.ok}
          </button>
        </div>
      </div>
    </div>
  );
}
