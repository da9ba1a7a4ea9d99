// Live updates: one WebSocket per tab, channels with resume, and polling while it is down.
//
// Why here, in api/, and not under features/ (where it was) or lib/: this is the client of the
// server's second API, the socket protocol (protocol/, generated from the server), as
// ApiProvider and the endpoints are the client of its HTTP one. Every feature subscribes
// through it, so it sits below them (a feature imports it, it imports no feature: who the socket
// connects as comes from the app, App.tsx); and it is where the socket's frames become client
// models (realtimeEvents.ts), which is api/'s job. lib/ holds code that knows no server.
// Features reach the socket through this module only: channel names, the hooks, the events'
// models, never protocol/.
export { RealtimeProvider, reconnectDelay, type RealtimeIdentity } from './RealtimeProvider';
export { useChannel, useChannels, useRealtimeStatus, type RealtimeStatus, type ChannelListener } from './context';
export { usePollingFallback } from './usePollingFallback';
export type { BlogPostChange, ChainNoteCount, ConversationRead, RealtimeEvent } from './realtimeEvents';
export type { GroupMembersChange } from '../groupModels';
// The channels' names are generated from the server's ChannelKind: the same words here.
export { channel, type ChannelName } from '../../protocol/channels';
