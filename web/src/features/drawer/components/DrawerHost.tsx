// The drawer on the page (spec 000 §4 Drawer, §9): it slides in from the side over a dimmed
// page, takes the focus and keeps Tab inside, closes on Escape or a click beside it (asking
// first when its content has unsent input), slides out before it goes, and gives the focus
// back to what opened it. While suspended (the tour guide) it is hidden, its content still
// mounted and keeping its state.
import { useEffect, useMemo, useRef, useSyncExternalStore, type CSSProperties } from 'react';
import { keepTabInside } from '../../../components/focusTrap';
import { popoverOpenWithin } from '../../../components/useDismiss';
import { useSuspended } from '../../suspension';
import { DRAWER_CLOSE_MS, DRAWER_REPLACE_MS, type DrawerContent, type DrawerPhase } from '../drawerStore';
import { DrawerPhaseContext } from '../drawerPhase';
import { useDrawerStore } from '../DrawerProvider';

/** A dialog or the composer over the drawer has the keys. */
const ABOVE_THE_DRAWER = '.dialog-backdrop, .composer-layer';

export function DrawerHost() {
  const store = useDrawerStore();
  const { shown, phase } = useSyncExternalStore(store.subscribe, store.getState);
  const suspended = useSuspended();
  const isOpen = shown !== null;

  // Closed with the focus inside it (or lost to the page): the focus goes back to the opener.
  useEffect(() => {
    if (!isOpen) return;
    return () => {
      const active = document.activeElement;
      if ((!active || active === document.body) && store.opener?.isConnected) store.opener.focus();
    };
  }, [isOpen, store]);

  const interactive = isOpen && phase === 'open' && !suspended;
  const backdrop = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!interactive) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector(ABOVE_THE_DRAWER)) return;
      // A popover in it (a menu, the blog's info) closes first, alone.
      if (popoverOpenWithin(backdrop.current)) return;
      e.preventDefault();
      void store.requestClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [interactive, store]);

  if (!shown) return null;
  return (
    // A press beside the drawer closes it; Escape does so from the keyboard (above).
    <div
      ref={backdrop}
      role="presentation"
      className={`drawer-backdrop drawer-backdrop--${phase}`}
      hidden={suspended}
      style={{ ['--drawer-close-ms' as string]: `${DRAWER_CLOSE_MS}ms`, ['--drawer-replace-ms' as string]: `${DRAWER_REPLACE_MS}ms` } as CSSProperties}
      onMouseDown={(e) => {
        if (interactive && e.target === e.currentTarget) void store.requestClose();
      }}
    >
      <DrawerPanel key={shown.key} content={shown} phase={phase} suspended={suspended} />
    </div>
  );
}

function DrawerPanel({ content, phase, suspended }: { content: DrawerContent; phase: DrawerPhase; suspended: boolean }) {
  const panel = useRef<HTMLElement>(null);

  // Each content takes the focus when it comes in, for its keys and for screen readers.
  useEffect(() => {
    if (!panel.current?.contains(document.activeElement)) panel.current?.focus();
  }, []);

  // Back from suspension with the focus lost to the page: the drawer has it again.
  useEffect(() => {
    if (suspended) return;
    const active = document.activeElement;
    if (!active || active === document.body) panel.current?.focus();
  }, [suspended]);

  const info = useMemo(() => ({ phase, active: phase === 'open' && !suspended }), [phase, suspended]);
  const classes = ['drawer', `drawer--${phase}`, content.className ?? ''].filter(Boolean).join(' ');
  return (
    <aside
      ref={panel}
      className={classes}
      role="dialog"
      aria-modal="true"
      aria-label={content.label}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (panel.current) keepTabInside(panel.current, e);
      }}
    >
      <DrawerPhaseContext.Provider value={info}>{content.children}</DrawerPhaseContext.Provider>
    </aside>
  );
}
