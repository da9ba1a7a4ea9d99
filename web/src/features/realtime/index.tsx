// Live updates: one WebSocket per tab, channels with resume, and polling while it is down.
export { RealtimeProvider, CLOSE_SESSION_ENDED, reconnectDelay } from './RealtimeProvider';
export { useChannel, useRealtimeStatus, type RealtimeStatus, type ChannelListener } from './context';
export { usePollingFallback } from './usePollingFallback';
