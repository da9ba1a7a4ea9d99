// The upload component in React: an Uploader made once for the view that holds it (its
// options are read then: an endpoint missing throws while rendering, as §5 raises it), its
// uploads canceled when the view goes away, and its items to render.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Uploader, type UploaderOptions } from './uploader';
import type { UploadItem } from './uploadItem';

export function useUploader<R>(options: UploaderOptions): Uploader<R> {
  const [uploader] = useState(() => new Uploader<R>(options));
  useEffect(() => () => uploader.cancelAll(), [uploader]);
  return uploader;
}

/** The uploader's items, rendered again on every change (progress included). */
export function useUploadItems<R>(uploader: Uploader<R>): readonly UploadItem<R>[] {
  return useSyncExternalStore(uploader.subscribe, uploader.getItems, uploader.getItems);
}
