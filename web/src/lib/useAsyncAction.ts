import { useCallback, useRef, useState } from 'react';
import { errorDetails } from '../api/client';

/**
 * Runs one async action at a time (a form submit, a button press) and keeps what the UI
 * needs: whether it is in flight, to disable the button, and the error texts to show.
 */
export function useAsyncAction() {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const inFlight = useRef(false);

  const run = useCallback(async (action: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setErrors([]);
    try {
      await action();
    } catch (err) {
      setErrors(errorDetails(err));
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }, []);

  return { pending, errors, run, setErrors };
}
