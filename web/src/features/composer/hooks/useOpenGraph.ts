// The link form's OpenGraph lookup (spec 001 §4 Link form): a URL the user gave is looked up
// with POST /svc/post/fetch_og while the post waits ('Loading OpenGraph data.'); Escape
// cancels it, and a failure lets the form go on with no data (§8). An answer that comes
// after a cancel, or after another URL was given, is dropped.
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { fetchOpenGraph } from '../../../api/composerLookups';
import { loadImage } from '../../upload';
import { useComposerForm } from '../formContext';

/** How long the browser may take to load an image whose width the page did not give. */
const MEASURE_TIMEOUT_MS = 10_000;

/** The image's width once loaded in the browser; 0 when it does not load in time. */
function measureImageWidth(src: string): Promise<number> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<number>((resolve) => {
    timer = setTimeout(() => resolve(0), MEASURE_TIMEOUT_MS);
  });
  const width = loadImage(src).then(
    (image) => image.naturalWidth,
    () => 0,
  );
  return Promise.race([width, timeout]).finally(() => clearTimeout(timer));
}

export interface OpenGraphLookup {
  /** Looks `url` (normalised) up, replacing any lookup under way. */
  lookUp(url: string): void;
  /** Cancels the lookup under way, if any. */
  cancel(): void;
}

export function useOpenGraph(): OpenGraphLookup {
  const api = useApi();
  const { dispatch, post } = useComposerForm();
  // A mutation answers only its latest call, and none after a reset or once the form is gone.
  const { mutate, reset } = useMutation({ mutationFn: (url: string) => fetchOpenGraph(api, url) });

  const lookUp = useCallback(
    (url: string) => {
      dispatch({ type: 'openGraphRequested' });
      mutate(url, {
        onSuccess: (data) => dispatch({ type: 'openGraphLoaded', data }),
        onError: () => dispatch({ type: 'openGraphEnded' }),
      });
    },
    [mutate, dispatch],
  );

  const cancel = useCallback(() => {
    reset();
    dispatch({ type: 'openGraphEnded' });
  }, [reset, dispatch]);

  // The page gave an image without its width: measure it before taking it as the thumbnail.
  const image = post.openGraph.unmeasuredImage;
  useEffect(() => {
    if (!image) return;
    let current = true;
    void measureImageWidth(image).then((width) => {
      if (current) dispatch({ type: 'openGraphImageMeasured', image, width });
    });
    return () => {
      current = false;
    };
  }, [image, dispatch]);

  return { lookUp, cancel };
}
