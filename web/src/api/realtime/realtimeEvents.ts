// What a component hears on a channel: the socket's event frames (protocol/EventFrame.ts) as
// client models, mapped here once as each frame arrives, with the mappings the HTTP answers
// of the same things use (a message, a conversation, a notification).
import { groupMembersChangeFromWire, type GroupMembersChange } from '../groupModels';
import { conversationFromSummary, messageFromWire, type Conversation, type Message } from '../messagingModels';
import { notificationFromWire, type Notification, type UnreadCounts } from '../models';
import type { EventFrame } from '../../protocol/EventFrame';
import type { PostChange } from '../../protocol/PostChange';

// A post change's fields are single words, the same on the wire and in the client: the model is
// the generated type.
/** What happened to a post of a blog: created (and published), updated, or deleted. */
export type BlogPostChange = PostChange;

/** A participant read the conversation up to `lastReadTs` (seconds). */
export interface ConversationRead {
  conversationId: number;
  participant: string;
  lastReadTs: number;
}

/** A reblog chain's note count, by the chain's first post. */
export interface ChainNoteCount {
  rootId: number;
  noteCount: number;
}

/** An event on a channel, with the channel's sequence number. */
export type RealtimeEvent = { channel: string; seq: number } & (
  | { event: 'message'; data: Message }
  | { event: 'read'; data: ConversationRead }
  | { event: 'conversation'; data: Conversation }
  | { event: 'notification'; data: Notification }
  | { event: 'unread'; data: UnreadCounts }
  | { event: 'notes'; data: ChainNoteCount }
  | { event: 'post'; data: BlogPostChange }
  | { event: 'members'; data: GroupMembersChange }
);

/** An event frame as components hear it. */
export function realtimeEventFromWire(frame: EventFrame): RealtimeEvent {
  const { channel, seq } = frame;
  switch (frame.event) {
    case 'message':
      return { channel, seq, event: 'message', data: messageFromWire(frame.data) };
    case 'read':
      return {
        channel,
        seq,
        event: 'read',
        data: { conversationId: frame.data.conversation_id, participant: frame.data.participant, lastReadTs: frame.data.last_read_ts },
      };
    case 'conversation':
      return { channel, seq, event: 'conversation', data: conversationFromSummary(frame.data) };
    case 'notification':
      return { channel, seq, event: 'notification', data: notificationFromWire(frame.data) };
    case 'unread':
      return { channel, seq, event: 'unread', data: frame.data };
    case 'notes':
      return { channel, seq, event: 'notes', data: { rootId: frame.data.root_id, noteCount: frame.data.note_count } };
    case 'post':
      return { channel, seq, event: 'post', data: frame.data };
    case 'members':
      return { channel, seq, event: 'members', data: groupMembersChangeFromWire(frame.data) };
  }
}
