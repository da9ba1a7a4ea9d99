import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeStatus } from './context';
import { FakeRealtime, FakeRealtimeProvider } from './testing';
import { usePollingFallback } from './usePollingFallback';
import { advance } from '../../test/time';

const realtime = new FakeRealtime();

// The wrapper reads the status the test sets here (renderHook wrappers get no props); a
// rerender() after changing it plays the socket opening or dropping.
let currentStatus: RealtimeStatus = 'closed';
function StatusFromProps({ children }: { children: ReactNode }) {
  return (
    <FakeRealtimeProvider realtime={realtime} status={currentStatus}>
      {children}
    </FakeRealtimeProvider>
  );
}

function renderPolling(status: RealtimeStatus, intervalMs: number, options: { resetKey?: unknown } = {}) {
  currentStatus = status;
  const poll = vi.fn(async () => {});
  const result = renderHook(
    ({ resetKey }: { resetKey?: unknown }) => usePollingFallback(poll, intervalMs, { resetKey }),
    { initialProps: { resetKey: options.resetKey }, wrapper: StatusFromProps },
  );
  /** Sets the socket's status and re-renders. */
  const setStatus = (next: RealtimeStatus, resetKey = options.resetKey) => {
    currentStatus = next;
    result.rerender({ resetKey });
  };
  return { poll, setStatus, ...result };
}

describe('usePollingFallback', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls an open conversation every 2000 ms while the socket is closed', async () => {
    const { poll } = renderPolling('closed', 2000);
    await advance(1999);
    expect(poll).toHaveBeenCalledTimes(0);
    await advance(1);
    expect(poll).toHaveBeenCalledTimes(1);
    await advance(2000);
    expect(poll).toHaveBeenCalledTimes(2);
  });

  it('polls the inbox every 30000 ms while the socket is connecting or closed', async () => {
    const { poll } = renderPolling('connecting', 30000);
    await advance(29_999);
    expect(poll).toHaveBeenCalledTimes(0);
    await advance(1);
    expect(poll).toHaveBeenCalledTimes(1);
    await advance(60_000);
    expect(poll).toHaveBeenCalledTimes(3);
  });

  it('never polls while the socket is open', async () => {
    const { poll } = renderPolling('open', 2000);
    await advance(60_000);
    expect(poll).not.toHaveBeenCalled();
  });

  it('stops when the socket opens and starts again when it drops', async () => {
    const { poll, setStatus } = renderPolling('closed', 2000);
    await advance(2000);
    expect(poll).toHaveBeenCalledTimes(1);
    setStatus('open');
    await advance(10_000);
    expect(poll).toHaveBeenCalledTimes(1);
    setStatus('closed');
    await advance(2000);
    expect(poll).toHaveBeenCalledTimes(2);
  });

  it('does not restart the timer when a failing socket flips between connecting and closed', async () => {
    const { poll, setStatus } = renderPolling('closed', 2000);
    await advance(1500);
    setStatus('connecting');
    await advance(500);
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('starts over when the reset key changes (another blog chosen)', async () => {
    const { poll, setStatus } = renderPolling('closed', 30000, { resetKey: 'alice' });
    await advance(20_000);
    setStatus('closed', 'second');
    await advance(20_000);
    expect(poll).not.toHaveBeenCalled();
    await advance(10_000);
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('waits for a slow poll before timing the next one', async () => {
    currentStatus = 'closed';
    let finish!: () => void;
    const poll = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderHook(() => usePollingFallback(poll, 2000), { wrapper: StatusFromProps });
    await advance(2000);
    await advance(5000);
    expect(poll).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    await advance(2000);
    expect(poll).toHaveBeenCalledTimes(2);
  });
});
