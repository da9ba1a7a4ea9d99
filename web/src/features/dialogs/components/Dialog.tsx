import { useEffect, useId, useRef } from 'react';
import type { DialogRequest } from '../dialogQueue';

/** One confirm or alert dialog, modal, over a dimmed page. */
export function Dialog({
  request,
  onClose,
}: {
  request: DialogRequest;
  onClose(ok: boolean): void;
}) {
  const textId = useId();
  const okRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    okRef.current?.focus();
    return () => previouslyFocused?.focus?.();
  }, []);

  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-describedby={textId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose(false);
          }
        }}
      >
        <p id={textId} className="dialog__text">
          {request.text}
        </p>
        <div className="dialog__buttons">
          {request.kind === 'confirm' && (
            <button type="button" className="button button--quiet" onClick={() => onClose(false)}>
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
