import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** Spec 000 §9 Header: height 52; hover and slide animation 150 ms. */
export const HEADER_HEIGHT = 52;
export const HEADER_SLIDE_MS = 150;

/** The header's popovers; at most one is open. */
export type HeaderPanel = 'account' | 'activity' | 'messaging' | 'compose';

export interface HeaderControls {
  hidden: boolean;
  transparent: boolean;
  hide(): void;
  show(): void;
  setTransparent(transparent: boolean): void;
  /** Which popover is open. Routes such as /messaging/new open one from outside the header. */
  panel: HeaderPanel | null;
  setPanel(panel: HeaderPanel | null): void;
}

const HeaderContext = createContext<HeaderControls | null>(null);

/**
 * Lets any page hide, show or clear the page header (e.g. a full-bleed blog page), or open one
 * of its popovers.
 */
export function HeaderProvider({ children }: { children: ReactNode }) {
  const [hidden, setHidden] = useState(false);
  const [transparent, setTransparentState] = useState(false);
  const [panel, setPanel] = useState<HeaderPanel | null>(null);
  const hide = useCallback(() => setHidden(true), []);
  const show = useCallback(() => setHidden(false), []);
  const setTransparent = useCallback((value: boolean) => setTransparentState(value), []);
  const controls = useMemo(
    () => ({ hidden, transparent, hide, show, setTransparent, panel, setPanel }),
    [hidden, transparent, hide, show, setTransparent, panel],
  );
  return <HeaderContext.Provider value={controls}>{children}</HeaderContext.Provider>;
}

export function useHeader(): HeaderControls {
  const controls = useContext(HeaderContext);
  if (!controls) throw new Error('useHeader() must be used inside <HeaderProvider>');
  return controls;
}
