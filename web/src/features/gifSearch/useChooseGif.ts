// Choosing a result (spec 000 §4): it is preselected (highlighted) at once, its full-size
// image is loaded, and only then is it selected and handed on, so that what it goes into
// (the text, a photo post) shows it straight away. Another choice meanwhile replaces it.
//
// Whether the image has loaded is polled, every 1000 ms (§9 "Preload poll every 1000 ms"),
// rather than waited for with its load event: the poll also sees an image the browser had
// already (a result's own picture, usually), which is checked once at the moment of the
// choice so that it goes in without a second's wait.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GifImage } from '../../api/gifSearchEndpoints';
import { PRELOAD_POLL_MS } from './constants';

export interface GifChoice {
  gif: GifImage;
  /** 'preselected' while its image loads, then 'selected'. */
  phase: 'preselected' | 'selected';
}

export function useChooseGif(onSelect: (gif: GifImage) => void): { choice: GifChoice | null; choose(gif: GifImage): void } {
  const [choice, setChoice] = useState<GifChoice | null>(null);
  const poll = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const selected = useRef(onSelect);
  selected.current = onSelect;

  const stopPolling = useCallback(() => {
    clearInterval(poll.current);
    poll.current = undefined;
  }, []);

  // Closed while an image loads: nothing is selected after all.
  useEffect(() => stopPolling, [stopPolling]);

  const choose = useCallback(
    (gif: GifImage) => {
      stopPolling();
      setChoice({ gif, phase: 'preselected' });
      const image = new Image();
      image.src = gif.mediaUrl;
      /** True once the image is done with, loaded or not. */
      const settled = () => {
        // `complete` is also true of an image that failed; a loaded one has a size.
        if (!image.complete) return false;
        stopPolling();
        if (image.naturalWidth > 0) {
          setChoice({ gif, phase: 'selected' });
          selected.current(gif);
        } else {
          // It cannot be shown where it would go: nothing is chosen (and, as with a failed
          // search, nothing is said).
          setChoice(null);
        }
        return true;
      };
      if (!settled()) poll.current = setInterval(settled, PRELOAD_POLL_MS);
    },
    [stopPolling],
  );

  return { choice, choose };
}
