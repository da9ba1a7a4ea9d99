// The docking area's state (spec 000 §4 Docking area): the one post it holds, and whether an
// area is on the page and the viewport wide enough to show it. useDock() docks a post from
// anywhere (the activity popover); the dashboard shows the area.
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { dockAvailable, heldAfter, type DockedPost } from './dockingRules';

export interface Dock {
  /** An area is on the page and the viewport is wide enough for it (§9 Gutter docking). */
  available: boolean;
  held: DockedPost | null;
  /**
   * Docks the post: true when it is held now; false when no area can show it or the held
   * post is protected from eviction (the caller then opens it some other way).
   */
  dock(post: { blog: string; postId: number }, options?: { protectedFromEviction?: boolean }): boolean;
  setProtected(protectedFromEviction: boolean): void;
  undock(): void;
  /** An area is on the page until the returned function is called. */
  registerArea(): () => void;
}

const DockingContext = createContext<Dock | null>(null);

const subscribeToResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const viewportWidth = () => window.innerWidth;

export function DockingProvider({ children }: { children: ReactNode }) {
  const [held, setHeldState] = useState<DockedPost | null>(null);
  // Read and written synchronously: a click decides at once whether it docked.
  const heldNow = useRef<DockedPost | null>(null);
  const setHeld = useCallback((next: DockedPost | null) => {
    heldNow.current = next;
    setHeldState(next);
  }, []);
  const [areas, setAreas] = useState(0);
  const wide = dockAvailable(useSyncExternalStore(subscribeToResize, viewportWidth));
  const available = areas > 0 && wide;
  const availableNow = useRef(available);
  availableNow.current = available;

  const dock = useCallback<Dock['dock']>(
    (post, options = {}) => {
      if (!availableNow.current) return false;
      const incoming = { ...post, protectedFromEviction: options.protectedFromEviction ?? false };
      const next = heldAfter(heldNow.current, incoming);
      setHeld(next);
      return next.blog === post.blog && next.postId === post.postId;
    },
    [setHeld],
  );
  const setProtected = useCallback(
    (on: boolean) => {
      if (heldNow.current) setHeld({ ...heldNow.current, protectedFromEviction: on });
    },
    [setHeld],
  );
  const undock = useCallback(() => setHeld(null), [setHeld]);
  const registerArea = useCallback(() => {
    setAreas((n) => n + 1);
    return () => setAreas((n) => n - 1);
  }, []);

  const value = useMemo(
    () => ({ available, held, dock, setProtected, undock, registerArea }),
    [available, held, dock, setProtected, undock, registerArea],
  );
  return <DockingContext.Provider value={value}>{children}</DockingContext.Provider>;
}

export function useDock(): Dock {
  const dock = useContext(DockingContext);
  if (!dock) throw new Error('useDock() must be used inside <DockingProvider>');
  return dock;
}
