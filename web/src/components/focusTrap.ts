// Keeping Tab inside a modal layer (the drawer): from its last focusable element Tab goes to
// its first, and Shift+Tab from its first (or from the layer itself) to its last.

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** Wraps a Tab key press at the ends of `container`; other keys are left alone. */
export function keepTabInside(container: HTMLElement, e: { key: string; shiftKey: boolean; preventDefault(): void }): void {
  if (e.key !== 'Tab') return;
  const focusable = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden]'));
  const active = document.activeElement;
  if (focusable.length === 0) {
    e.preventDefault();
    container.focus();
    return;
  }
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (e.shiftKey && (active === first || active === container || !container.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !container.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}
