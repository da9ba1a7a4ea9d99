// The app's one drawer (spec 000 §4 Drawer): a provider that holds it, and useDrawer() for the
// features that open something in it (the blog viewer, fast compose). <DrawerHost> shows it.
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useDialogs } from '../dialogs';
import { useSuspended } from '../suspension';
import { DrawerStore } from './drawerStore';

/** Spec 000 §8: the drawer's close confirmation, with OK and Cancel. */
export const CLOSE_WITHOUT_SENDING = 'Close without sending?';

const DrawerContext = createContext<DrawerStore | null>(null);

export function DrawerProvider({ children }: { children: ReactNode }) {
  const dialogs = useDialogs();
  const suspended = useSuspended();
  // Read by the store when something asks to open; the latest answer, not the first one's.
  const suspendedNow = useRef(suspended);
  useLayoutEffect(() => {
    suspendedNow.current = suspended;
  }, [suspended]);
  // The dialogs never change (DialogProvider makes them once): the store keeps the first.
  const [store] = useState(
    () =>
      new DrawerStore({
        confirmClose: () => dialogs.confirm(CLOSE_WITHOUT_SENDING),
        isSuspended: () => suspendedNow.current,
      }),
  );
  useEffect(() => () => store.dispose(), [store]);
  return <DrawerContext.Provider value={store}>{children}</DrawerContext.Provider>;
}

/**
 * Opens and closes the drawer: open(content), requestClose(key?), close(key?); `opener` is
 * what had the focus when it opened.
 */
export type DrawerControls = Pick<DrawerStore, 'open' | 'requestClose' | 'close' | 'getState' | 'subscribe' | 'opener'>;

export function useDrawer(): DrawerControls {
  const store = useContext(DrawerContext);
  if (!store) throw new Error('useDrawer() must be used inside <DrawerProvider>');
  return store;
}

/** The store itself, for the host that shows it. */
export function useDrawerStore(): DrawerStore {
  const store = useContext(DrawerContext);
  if (!store) throw new Error('<DrawerHost> must be inside <DrawerProvider>');
  return store;
}
