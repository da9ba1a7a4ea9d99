// One post action at a time from a post's buttons: busy while it runs (the buttons disable),
// and the reason it failed, if it did, to show beside them.
import { useState } from 'react';
import { errorDetails } from '../../api/client';

export interface PostActionRun {
  busy: boolean;
  error: string | null;
  /** Runs `action`, clearing the last error first. */
  run(action: () => Promise<void>): void;
}

export function usePostActionRun(): PostActionRun {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    action()
      .catch((err: unknown) => setError(errorDetails(err).join(' ')))
      .finally(() => setBusy(false));
  };
  return { busy, error, run };
}
