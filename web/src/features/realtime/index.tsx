// The one WebSocket per tab (ARCHITECTURE.md "Realtime core"). Not connected yet: live
// activity and messaging will give it the /ws URL and the typed useChannel() hook. It is
// mounted now so the production bundle already carries react-use-websocket, a CommonJS
// package whose default export breaks under a wrong module setup (shared/DEPENDENCIES.md);
// the end-to-end test in a real browser would catch that.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import useWebSocket, { ReadyState } from 'react-use-websocket';

export interface Realtime {
  readyState: ReadyState;
  connected: boolean;
}

const RealtimeContext = createContext<Realtime | null>(null);

export function RealtimeProvider({ children }: { children: ReactNode }) {
  // A null URL keeps the hook idle; it never opens a socket.
  const { readyState } = useWebSocket(null);
  const value = useMemo(
    () => ({ readyState, connected: readyState === ReadyState.OPEN }),
    [readyState],
  );
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): Realtime {
  const realtime = useContext(RealtimeContext);
  if (!realtime) throw new Error('useRealtime() must be used inside <RealtimeProvider>');
  return realtime;
}
