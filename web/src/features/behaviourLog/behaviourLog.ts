// Behaviour logging (spec 002 §3 Log event, §7 Logging, §9): events are batched in memory and
// sent to /svc/log/lady every 15 s and when the page is hidden, as plain-text JSON through
// navigator.sendBeacon (a beacon survives the page going away), or fetch with keepalive where
// there is no beacon. A failed send is dropped: these logs are best-effort by design, and a
// page must never slow down or show an error for them.

/** A log event as the server reads it (docs/api.md, Behaviour logs). */
export interface LogEvent {
  log_key: string;
  uuid: string;
  event: string;
  ts: number;
  rid: string;
  elapsed: number;
  data: Record<string, unknown>;
  env: Record<string, unknown>;
}

/** Flush every 15 s (spec 002 §9 Logging). */
export const FLUSH_EVERY_MS = 15_000;
/** Events one body carries at most (the server takes 200). */
export const MAX_BATCH = 200;
/** Events kept waiting at most: past it the oldest go, so a page left open stays small. */
export const MAX_QUEUED = 1_000;
export const LOG_PATH = '/svc/log/lady';
const LOG_KEY = 'dashwire';

/** How a batch leaves the page: true when it was handed over. */
export type Send = (path: string, body: string) => boolean;

export interface BehaviourLog {
  log(event: string, data?: Record<string, unknown>): void;
  flush(): void;
  /** Stops the timer and the page listeners (flushing what is queued). */
  stop(): void;
}

export interface BehaviourLogOptions {
  send?: Send;
  now?: () => number;
  /** A page view's id: one per page load. */
  uuid?: string;
  env?: () => Record<string, unknown>;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setInterval' | 'clearInterval'>;
  document?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}

/** The browser's way out: a beacon, else fetch with keepalive. */
export const beaconSend: Send = (path, body) => {
  const blob = new Blob([body], { type: 'text/plain;charset=UTF-8' });
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    if (navigator.sendBeacon(path, blob)) return true;
  }
  if (typeof fetch !== 'function') return false;
  void fetch(path, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(
    () => undefined,
  );
  return true;
};

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Starts a batching log: it flushes every 15 s and when the page is hidden or left. */
export function startBehaviourLog(options: BehaviourLogOptions = {}): BehaviourLog {
  const send = options.send ?? beaconSend;
  const now = options.now ?? (() => Date.now());
  const uuid = options.uuid ?? randomId();
  const env = options.env ?? (() => ({}));
  const target = options.target ?? window;
  const doc = options.document ?? document;
  const started = now();
  let queue: LogEvent[] = [];
  let sequence = 0;

  const flush = () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      send(LOG_PATH, JSON.stringify({ events: batch }));
    }
  };
  const onHidden = () => {
    if (doc.visibilityState === 'hidden') flush();
  };
  const timer = target.setInterval(flush, FLUSH_EVERY_MS);
  doc.addEventListener('visibilitychange', onHidden);
  target.addEventListener('pagehide', flush);

  return {
    log(event, data = {}) {
      const at = now();
      sequence += 1;
      queue.push({
        log_key: LOG_KEY,
        uuid,
        event,
        ts: at,
        rid: `${uuid}:${sequence}`,
        elapsed: at - started,
        data,
        env: env(),
      });
      if (queue.length > MAX_QUEUED) queue = queue.slice(queue.length - MAX_QUEUED);
    },
    flush,
    stop() {
      flush();
      target.clearInterval(timer);
      doc.removeEventListener('visibilitychange', onHidden);
      target.removeEventListener('pagehide', flush);
    },
  };
}
