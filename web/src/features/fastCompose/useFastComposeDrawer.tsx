// Fast compose in the drawer (spec 000 §4 Drawer): shown while the header's compose button is
// open, one content at a time with the blog viewer. The drawer may also let it go by itself
// (Escape, a click beside it, another content replacing it, or turned away while suspended).
import { useEffect, useRef } from 'react';
import { useDrawer } from '../drawer';
import { FastComposePanel } from './components/FastComposePanel';

const FAST_COMPOSE_KEY = 'fast-compose';

export interface FastComposeDrawerHandlers {
  /** A tile was chosen: the composer opens for it. */
  onChosen(): void;
  /** Closed without a choice, by a click on the dimmed layer. */
  onDismiss(): void;
  /** The drawer let it go by itself (also called after `open` turns false: check your state). */
  onGone(): void;
}

export function useFastComposeDrawer(open: boolean, handlers: FastComposeDrawerHandlers): void {
  const drawer = useDrawer();
  // The content is made once per opening: it calls whatever handlers are the latest.
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!open) {
      drawer.close(FAST_COMPOSE_KEY);
      return;
    }
    drawer.open({
      key: FAST_COMPOSE_KEY,
      label: 'Fast compose',
      className: 'drawer--fast-compose',
      children: <FastComposePanel onClose={() => latest.current.onChosen()} onDismiss={() => latest.current.onDismiss()} />,
      onClosed: () => latest.current.onGone(),
    });
  }, [open, drawer]);
}
