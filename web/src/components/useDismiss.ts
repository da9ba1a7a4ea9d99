import { useEffect, useRef, type RefObject } from 'react';

type Entry = { ref: RefObject<HTMLElement | null>; dismiss(): void };

/**
 * The open popovers, the last opened last. Escape closes only the last one: a list opened
 * inside a popover (a blog selector, a menu) closes alone and leaves the popover open.
 */
const open: Entry[] = [];

/** The drawer while it is shown: a modal layer over the page, whose popovers it covers. */
const SHOWN_DRAWER = '.drawer-backdrop:not([hidden])';

function onEscape(e: KeyboardEvent) {
  // Handled already (a field's own Escape), or a dialog over everything has it.
  if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('.dialog-backdrop')) return;
  const drawer = document.querySelector(SHOWN_DRAWER);
  let last: Entry | undefined;
  for (const entry of open) if (!drawer || drawer.contains(entry.ref.current)) last = entry;
  if (!last) return;
  e.preventDefault();
  last.dismiss();
}

/**
 * Whether a popover is open inside `container`, which Escape closes before the container
 * itself (the drawer, a conversation).
 */
export function popoverOpenWithin(container: Element | null): boolean {
  return !!container && open.some((entry) => container.contains(entry.ref.current));
}

/**
 * Closes a popover on Escape (the last opened first) and on a mousedown outside `ref` (and
 * outside `ignore`, e.g. the tab that toggles it, which handles its own clicks). Off while
 * `enabled` is false.
 */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  onDismiss: () => void,
  { enabled = true, ignore }: { enabled?: boolean; ignore?: RefObject<HTMLElement | null> } = {},
): void {
  // The latest callback, read when it is called: the entry keeps its place in `open` however
  // often the popover renders with a new one.
  const latest = useRef(onDismiss);
  useEffect(() => {
    latest.current = onDismiss;
  }, [onDismiss]);

  useEffect(() => {
    if (!enabled) return;
    const dismiss = () => latest.current();
    const onMouseDown = (e: MouseEvent) => {
      const target = e.target as Node | null;
      if (!target || !target.isConnected) return;
      if (ref.current?.contains(target) || ignore?.current?.contains(target)) return;
      // Dialogs live outside every popover; answering one must not close the popover under it.
      if ((target as Element).closest?.('.dialog-backdrop')) return;
      dismiss();
    };
    const entry: Entry = { ref, dismiss };
    open.push(entry);
    if (open.length === 1) document.addEventListener('keydown', onEscape);
    document.addEventListener('mousedown', onMouseDown);
    return () => {
      open.splice(open.indexOf(entry), 1);
      if (open.length === 0) document.removeEventListener('keydown', onEscape);
      document.removeEventListener('mousedown', onMouseDown);
    };
  }, [ref, ignore, enabled]);
}
