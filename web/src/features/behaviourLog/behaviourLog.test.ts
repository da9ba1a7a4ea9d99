import { describe, expect, it, vi } from 'vitest';
import { FLUSH_EVERY_MS, LOG_PATH, MAX_BATCH, startBehaviourLog } from './behaviourLog';

function harness() {
  const sent: { path: string; body: { events: { event: string; rid: string; elapsed: number; uuid: string }[] } }[] = [];
  const listeners = new Map<string, () => void>();
  const docListeners = new Map<string, () => void>();
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (name: string, fn: () => void) => docListeners.set(name, fn),
    removeEventListener: (name: string) => docListeners.delete(name),
  };
  let clock = 1_000;
  const log = startBehaviourLog({
    send: (path, body) => {
      sent.push({ path, body: JSON.parse(body) });
      return true;
    },
    now: () => clock,
    uuid: 'page-1',
    target: {
      addEventListener: (name: string, fn: () => void) => listeners.set(name, fn),
      removeEventListener: (name: string) => listeners.delete(name),
      setInterval: ((fn: () => void, ms: number) => setInterval(fn, ms)) as typeof window.setInterval,
      clearInterval: ((id: number) => clearInterval(id)) as typeof window.clearInterval,
    } as never,
    document: doc as never,
  });
  return { sent, listeners, docListeners, doc, log, tick: (ms: number) => (clock += ms) };
}

describe('the behaviour log', () => {
  it('batches events and flushes them every 15 s as one body', () => {
    vi.useFakeTimers();
    const h = harness();
    h.log.log('page_view', { path: '/' });
    h.tick(250);
    h.log.log('search', { term: 'cats' });
    vi.advanceTimersByTime(FLUSH_EVERY_MS - 1);
    expect(h.sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0].path).toBe(LOG_PATH);
    const events = h.sent[0].body.events;
    expect(events.map((e) => e.event)).toEqual(['page_view', 'search']);
    expect(events.map((e) => e.rid)).toEqual(['page-1:1', 'page-1:2']);
    expect(events[1].elapsed).toBe(250);
    vi.advanceTimersByTime(FLUSH_EVERY_MS);
    expect(h.sent).toHaveLength(1);
    h.log.stop();
    vi.useRealTimers();
  });

  it('flushes when the page is hidden or left, in bodies of at most 200', () => {
    const h = harness();
    for (let i = 0; i < MAX_BATCH + 5; i += 1) h.log.log('e');
    h.doc.visibilityState = 'visible';
    h.docListeners.get('visibilitychange')?.();
    expect(h.sent).toHaveLength(0);
    h.doc.visibilityState = 'hidden';
    h.docListeners.get('visibilitychange')?.();
    expect(h.sent.map((s) => s.body.events.length)).toEqual([MAX_BATCH, 5]);
    h.log.log('last');
    h.listeners.get('pagehide')?.();
    expect(h.sent).toHaveLength(3);
    h.log.stop();
    expect(h.listeners.size).toBe(0);
  });
});
