// The fast-compose overlay as the drawer shows it: choosing a tile opens the composer for
// that type (spec 001 §2); its keys are on only while the drawer is open and not suspended.
import { useEffect } from 'react';
import { preloadComposer, useComposer } from '../../composer';
import { useDrawer, useDrawerPhase } from '../../drawer';
import { FastComposeOverlay } from './FastComposeOverlay';

/**
 * `onDismiss` closes it without a choice (a click on the dimmed layer); `onClose` closes it
 * once a tile is chosen.
 */
export function FastComposePanel({ onClose, onDismiss }: { onClose(): void; onDismiss(): void }) {
  const { composeFromFastCompose } = useComposer();
  const drawer = useDrawer();
  const { active } = useDrawerPhase();
  useEffect(() => {
    // The composer is about to be needed: its code starts loading now.
    void preloadComposer();
  }, []);
  return (
    <FastComposeOverlay
      active={active}
      onClose={onDismiss}
      onCreate={(type) => {
        onClose();
        // The tile goes with the drawer: the composer gives the focus back to what opened it.
        composeFromFastCompose(type, drawer.opener);
      }}
    />
  );
}
