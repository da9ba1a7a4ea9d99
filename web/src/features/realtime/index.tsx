// Live updates: one WebSocket per tab, channels with resume, and polling while it is down.
export { RealtimeProvider, reconnectDelay } from './RealtimeProvider';
export { useChannel, useChannels, useRealtimeStatus, type RealtimeStatus, type ChannelListener } from './context';
export { usePollingFallback } from './usePollingFallback';
