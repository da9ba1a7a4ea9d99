import { useEffect, type RefObject } from 'react';

/**
 * Closes a popover on Escape and on a mousedown outside `ref` (and outside `ignore`, e.g. the
 * tab that toggles it, which handles its own clicks). Off while `enabled` is false.
 */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  onDismiss: () => void,
  { enabled = true, ignore }: { enabled?: boolean; ignore?: RefObject<HTMLElement | null> } = {},
): void {
  useEffect(() => {
    if (!enabled) return;
    const onMouseDown = (e: MouseEvent) => {
      const target = e.target as Node | null;
      if (!target || !target.isConnected) return;
      if (ref.current?.contains(target) || ignore?.current?.contains(target)) return;
      // Dialogs live outside every popover; answering one must not close the popover under it.
      if ((target as Element).closest?.('.dialog-backdrop')) return;
      onDismiss();
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('.dialog-backdrop')) onDismiss();
    };
    document.addEventListener('mousedown', onMouseDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [ref, ignore, onDismiss, enabled]);
}
