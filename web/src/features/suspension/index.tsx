// Suspension (spec 000 §4 Tour guide): while something takes over the page (the tour guide),
// the keyboard shortcuts, the drawer and the toasts are suspended, and they resume when it
// goes. Whatever takes over says so with useSuspend(); the shortcut handlers, the drawer and
// the toast host read useSuspended().
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

interface Suspension {
  suspended: boolean;
  /** Suspends until the returned function is called; several may suspend at once. */
  hold(): () => void;
}

const SuspensionContext = createContext<Suspension | null>(null);

export function SuspensionProvider({ children }: { children: ReactNode }) {
  // A count, not a flag: one holder letting go must not resume what another still holds.
  const [holders, setHolders] = useState(0);
  const hold = useCallback(() => {
    setHolders((n) => n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      setHolders((n) => n - 1);
    };
  }, []);
  const value = useMemo(() => ({ suspended: holders > 0, hold }), [holders, hold]);
  return <SuspensionContext.Provider value={value}>{children}</SuspensionContext.Provider>;
}

/**
 * Whether shortcuts, the drawer and toasts are suspended. Outside the provider (a component
 * rendered alone in a test) nothing ever suspends them, so the answer is plainly no.
 */
export function useSuspended(): boolean {
  return useContext(SuspensionContext)?.suspended ?? false;
}

/** Suspends shortcuts, the drawer and toasts while `active` (and the caller is mounted). */
export function useSuspend(active = true): void {
  const suspension = useContext(SuspensionContext);
  if (!suspension) throw new Error('useSuspend() must be used inside <SuspensionProvider>');
  const { hold } = suspension;
  useEffect(() => (active ? hold() : undefined), [active, hold]);
}
