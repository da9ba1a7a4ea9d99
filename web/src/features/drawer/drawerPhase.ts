// What the drawer is doing, for the content inside it: its keys are its own only while the
// drawer is open and not suspended.
import { createContext, useContext } from 'react';
import type { DrawerPhase } from './drawerStore';

export interface DrawerPhaseInfo {
  phase: DrawerPhase;
  /** Open, shown, and not suspended: the content may take the keys. */
  active: boolean;
}

export const DrawerPhaseContext = createContext<DrawerPhaseInfo | null>(null);

/**
 * The drawer's phase, for the content it shows. Content rendered outside a drawer (alone in
 * a test) is simply open and active.
 */
export function useDrawerPhase(): DrawerPhaseInfo {
  return useContext(DrawerPhaseContext) ?? { phase: 'open', active: true };
}
