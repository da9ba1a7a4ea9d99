// The app's behaviour log: one batching log per page load (behaviourLog.ts), a page_view for
// every route the person opens, useBehaviourLog() for the features that log what people do,
// and useConversionLog() for a conversion (api/conversionLog.ts), sent once.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useApi } from '../../api/ApiProvider';
import { sendConversion, type Conversion } from '../../api/conversionLog';
import { useSession } from '../session';
import { startBehaviourLog, type BehaviourLog } from './behaviourLog';

export { startBehaviourLog, FLUSH_EVERY_MS, LOG_PATH, MAX_BATCH } from './behaviourLog';
export type { BehaviourLog, LogEvent } from './behaviourLog';
export { CONVERSION_PATH, sendConversion, type Conversion } from '../../api/conversionLog';

const NO_LOG: BehaviourLog = { log() {}, flush() {}, stop() {} };
const BehaviourLogContext = createContext<BehaviourLog>(NO_LOG);

function pageEnv(): Record<string, unknown> {
  return { w: window.innerWidth, h: window.innerHeight, path: window.location.pathname };
}

/** Starts the log for the app's life, and logs a page_view for each route. */
export function BehaviourLogProvider({
  children,
  log: given,
}: {
  children: ReactNode;
  /** A log of the caller's (tests); the app starts its own. */
  log?: BehaviourLog;
}) {
  const [log, setLog] = useState<BehaviourLog>(given ?? NO_LOG);
  useEffect(() => {
    if (given) return undefined;
    const started = startBehaviourLog({ env: pageEnv });
    setLog(started);
    return () => started.stop();
  }, [given]);
  const [location] = useLocation();
  useEffect(() => {
    log.log('page_view', { path: location, referrer: document.referrer || undefined });
  }, [log, location]);
  return <BehaviourLogContext.Provider value={log}>{children}</BehaviourLogContext.Provider>;
}

/** The log, for logging what people do (`log('search', { term })`). */
export function useBehaviourLog(): BehaviourLog {
  return useContext(BehaviourLogContext);
}

/**
 * Logs `conversion` once for the calling component: the first call sends it, and calls while
 * it is on its way or once it is in do nothing; a failed send lets a later call try again
 * (spec 002 §8: 'A failed conversion log allows a retry on a later play'). A visitor logs
 * none: the server takes a signed-in user's only.
 */
export function useConversionLog(conversion: Conversion): () => void {
  const api = useApi();
  const { isLoggedIn } = useSession();
  const sent = useRef<'no' | 'sending' | 'yes'>('no');
  const latest = useRef(conversion);
  latest.current = conversion;
  return useCallback(() => {
    if (!isLoggedIn || sent.current !== 'no') return;
    sent.current = 'sending';
    sendConversion(api, latest.current).then(
      () => {
        sent.current = 'yes';
      },
      // Best-effort, as every behaviour log: nothing to show, only another try later.
      () => {
        sent.current = 'no';
      },
    );
  }, [api, isLoggedIn]);
}
