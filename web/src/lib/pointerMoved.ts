import type { MouseEvent } from 'react';

/**
 * A mouse-move handler for list options that follow the pointer: it calls `highlight` only
 * when the pointer itself moved. A list that opens or shifts under a resting pointer gets a
 * mouseenter from the browser without any movement; highlighting on it would take the
 * highlight away from the keyboard (a mention dropdown appearing under the pointer while the
 * user types would move its highlight from the first blog to whichever sits under the mouse).
 */
export function onPointerMoved(highlight: () => void) {
  return (event: MouseEvent) => {
    if (event.movementX !== 0 || event.movementY !== 0) highlight();
  };
}
