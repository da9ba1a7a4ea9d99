// The app's behaviour log: one batching log per page load (behaviourLog.ts), a page_view for
// every route the person opens, and useBehaviourLog() for the features that log what people do.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { startBehaviourLog, type BehaviourLog } from './behaviourLog';

export { startBehaviourLog, FLUSH_EVERY_MS, LOG_PATH, MAX_BATCH } from './behaviourLog';
export type { BehaviourLog, LogEvent } from './behaviourLog';

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
