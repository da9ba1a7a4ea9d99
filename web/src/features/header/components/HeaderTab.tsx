import { useEffect, useRef, type ReactNode } from 'react';
import { useDismiss } from '../../../components/useDismiss';

/**
 * A header button with its popover pinned below it. The popover closes on Escape and on an
 * outside click (unless `dismissable` is false, e.g. while the tour guide is showing). A tab
 * without children is only the toggle: what it opens lives elsewhere (compose's drawer).
 */
export function HeaderTab({
  label,
  icon,
  badge,
  open,
  onToggle,
  onClose,
  dismissable = true,
  popoverClassName = '',
  popoverId,
  children,
}: {
  label: string;
  icon: ReactNode;
  badge?: ReactNode;
  open: boolean;
  onToggle(): void;
  onClose(): void;
  dismissable?: boolean;
  popoverClassName?: string;
  popoverId?: string;
  children?: ReactNode;
}) {
  const tabRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const hasPopover = children !== undefined;
  useDismiss(panelRef, onClose, { enabled: hasPopover && open && dismissable, ignore: tabRef });

  const wasOpen = useRef(open);
  useEffect(() => {
    if (hasPopover) {
      if (open && !wasOpen.current) panelRef.current?.focus();
      // Closing took the focused element away with the popover: give focus back to the tab.
      if (!open && wasOpen.current && (document.activeElement === document.body || !document.activeElement)) {
        tabRef.current?.focus();
      }
    }
    wasOpen.current = open;
  }, [open, hasPopover]);

  return (
    <div className="header-tab">
      <button
        ref={tabRef}
        type="button"
        className={open ? 'header-tab__button is-active' : 'header-tab__button'}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={onToggle}
      >
        {icon}
        {/* Named by its content, so the badge's count is part of the name ("Messages 2 unread
            conversations"): the count is the button's visible text (WCAG 2.5.3). */}
        <span className="visually-hidden">{label}</span> {badge}
      </button>
      {open && hasPopover && (
        <div
          ref={panelRef}
          id={popoverId}
          className={`popover header-tab__popover ${popoverClassName}`}
          role="dialog"
          aria-label={label}
          tabIndex={-1}
        >
          {children}
        </div>
      )}
    </div>
  );
}
