// §9: the webcam's controls hide 500 ms after the pointer leaves the widget, and come back
// when it returns. (The controls stay in the page while hidden: a keyboard user's focus on one
// shows them, see webcam.css.)
import { useEffect, useRef, useState } from 'react';
import { CONTROLS_HIDE_DELAY_MS } from './webcamSettings';

export function useControlsShown() {
  const [shown, setShown] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    shown,
    onPointerEnter() {
      clearTimeout(timer.current);
      setShown(true);
    },
    onPointerLeave() {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setShown(false), CONTROLS_HIDE_DELAY_MS);
    },
  };
}
