// One share call at a time, and what its button says (spec 002 §4 Share popover, §8 Share):
// 'Sending…' and disabled while it runs; 'Sent!', still disabled, once it went (the popover
// then fades out); its own label again with 'Error!' and the server's reason if it failed.
import { useCallback, useRef, useState } from 'react';
import { errorDetails } from '../../api/client';

export type SendState = 'idle' | 'sending' | 'sent' | 'failed';

export const SENDING_LABEL = 'Sending…';
export const SENT_LABEL = 'Sent!';
export const ERROR_LABEL = 'Error!';

export interface ShareSend {
  state: SendState;
  /** The server's reasons, when it failed. */
  errors: string[];
  /** Sending or sent: the button stays disabled. */
  busy: boolean;
  /** Runs `action`; on success tells `onSent` (the popover starts to fade). */
  send(action: () => Promise<unknown>): void;
}

export function useShareSend(onSent: () => void): ShareSend {
  const [state, setState] = useState<SendState>('idle');
  const [errors, setErrors] = useState<string[]>([]);
  const inFlight = useRef(false);
  const send = useCallback(
    (action: () => Promise<unknown>) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setState('sending');
      setErrors([]);
      action().then(
        () => {
          setState('sent');
          onSent();
        },
        (err: unknown) => {
          inFlight.current = false;
          setState('failed');
          setErrors(errorDetails(err));
        },
      );
    },
    [onSent],
  );
  return { state, errors, busy: state === 'sending' || state === 'sent', send };
}

/** The send button's words in each state. */
export function sendLabel(state: SendState, label: string): string {
  if (state === 'sending') return SENDING_LABEL;
  if (state === 'sent') return SENT_LABEL;
  return label;
}
