// Choosing a result (spec 000 §4): it is preselected (highlighted) at once, its full-size
// image is loaded, and only then is it selected and handed on, so that what it goes into
// (the text, a photo post) shows it straight away. Another choice meanwhile replaces it.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GifImage } from '../../api/types/GifImage';

export interface GifChoice {
  gif: GifImage;
  /** 'preselected' while its image loads, then 'selected'. */
  phase: 'preselected' | 'selected';
}

export function useChooseGif(onSelect: (gif: GifImage) => void): { choice: GifChoice | null; choose(gif: GifImage): void } {
  const [choice, setChoice] = useState<GifChoice | null>(null);
  const loading = useRef<HTMLImageElement | null>(null);
  const selected = useRef(onSelect);
  selected.current = onSelect;

  // Closed while an image loads: nothing is selected after all.
  useEffect(
    () => () => {
      loading.current = null;
    },
    [],
  );

  const choose = useCallback((gif: GifImage) => {
    setChoice({ gif, phase: 'preselected' });
    const image = new Image();
    loading.current = image;
    image.onload = () => {
      if (loading.current !== image) return;
      loading.current = null;
      setChoice({ gif, phase: 'selected' });
      selected.current(gif);
    };
    image.onerror = () => {
      if (loading.current !== image) return;
      loading.current = null;
      // It cannot be shown where it would go: nothing is chosen (and, as with a failed
      // search, nothing is said).
      setChoice(null);
    };
    image.src = gif.mediaUrl;
  }, []);

  return { choice, choose };
}
