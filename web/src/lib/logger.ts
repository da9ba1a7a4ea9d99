// Client-side behaviour logging (spec 002 "Log event"). For now events go to the console at
// debug level; a later issue can batch them to the server without changing call sites.

export interface LogEvent {
  event: string;
  ts: number;
  data?: Record<string, unknown>;
}

type Sink = (entry: LogEvent) => void;

let sink: Sink = (entry) => console.debug('[dashwire]', entry.event, entry.data ?? {});

/** Records one behaviour event, e.g. logEvent('explore-links', { from: 'header' }). */
export function logEvent(event: string, data?: Record<string, unknown>): void {
  sink({ event, ts: Date.now(), data });
}

/** Replaces where events go (tests use this to capture them). Returns the previous sink. */
export function setLogSink(next: Sink): Sink {
  const previous = sink;
  sink = next;
  return previous;
}
