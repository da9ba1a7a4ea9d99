// Fast compose (spec 001 §2 Fast compose overlay): the panel the header's compose button
// opens, and the shortcut that opens it from anywhere.
import { useEffect } from 'react';
import { preloadComposer, useComposer } from '../composer';
import { FastComposeOverlay } from './components/FastComposeOverlay';

export { useFastComposeShortcut, isMacPlatform } from './useFastComposeShortcut';
export { PostTypeGlyph } from './components/PostTypeGlyph';
export { TILES as POST_TYPE_TILES } from './tiles';

/**
 * The overlay's content, inside the header's compose popover. `onDismiss` closes it without
 * a choice (a click on the dimmed layer); `onClose` closes it once a tile is chosen.
 */
export function FastComposePanel({ onClose, onDismiss }: { onClose(): void; onDismiss(): void }) {
  const { composeFromFastCompose } = useComposer();
  useEffect(() => {
    void preloadComposer();
  }, []);
  return (
    <FastComposeOverlay
      onClose={onDismiss}
      onCreate={(type) => {
        onClose();
        composeFromFastCompose(type);
      }}
    />
  );
}
