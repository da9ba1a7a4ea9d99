// Messaging's client models (spec 000 §3 Conversation, Message, Participant, Theme) and the one
// place where their wire JSON, from HTTP answers or from socket events, becomes them. As in
// models.ts, a generated wire type named like the client model it becomes is imported as
// Wire<Name>.
import { backgroundTint, type Tint } from '../lib/color';
import type { ConversationSummary } from '../protocol/ConversationSummary';
import type { MessageData } from '../protocol/MessageData';
import type { ParticipantRef } from '../protocol/ParticipantRef';
import type { Conversation as WireConversation } from './types/Conversation';
import type { Links } from './types/Links';
import type { Participant as WireParticipant } from './types/Participant';

export interface ParticipantTheme {
  backgroundColor: string;
  linkColor: string;
  headerImageFocused: string | null;
  showHeaderImage: boolean;
  /** Derived from the background colour, to pick readable text colours. */
  tint: Tint;
}

/** A blog taking part in a conversation. Events carry no theme, HTTP answers do. */
export interface Participant {
  name: string;
  title: string;
  avatarUrl: string;
  theme: ParticipantTheme | null;
}

export interface Message {
  /** The server's id; a pending message has none yet. */
  id: number | null;
  /** Identifies a pending message until the server's answer replaces it. */
  clientId: string | null;
  conversationId: number | null;
  /** Milliseconds. */
  ts: number;
  /** The sending blog's name. */
  participant: string;
  message: string;
  type: string;
  isPending: boolean;
}

export interface Conversation {
  id: number;
  status: string;
  /** Seconds. */
  lastModifiedTs: number;
  /** Seconds, for the inbox's blog. */
  lastReadTs: number;
  unread: boolean;
  participants: Participant[];
  lastMessage: Message | null;
}

export interface Page<T> {
  items: T[];
  /** The href of the next (older) page, or null when there is none. */
  nextHref: string | null;
}

const DEFAULT_BACKGROUND = '#FAFAFA';
const DEFAULT_LINK = '#529ECC';

/**
 * The further (older) page's href. dashwire's server names it `next`; a server that names it
 * `previous` (the spec's client reads both, 000 §7) is followed the same way.
 */
export function nextHrefOf(links: Links): string | null {
  return links.next?.href ?? links.previous?.href ?? null;
}

/** From an HTTP answer or a `conversation:{id}` `message` event: both carry MessageData. */
export function messageFromWire(w: MessageData): Message {
  return {
    id: w.id,
    clientId: null,
    conversationId: w.conversation_id,
    ts: w.ts,
    participant: w.participant,
    message: w.message,
    type: w.type || 'TEXT',
    isPending: false,
  };
}

/** An HTTP answer's participant has a theme; an event's ParticipantRef has none. */
function participantFromWire(w: WireParticipant | ParticipantRef): Participant {
  const theme = 'theme' in w ? w.theme : null;
  const backgroundColor = theme?.background_color ?? DEFAULT_BACKGROUND;
  return {
    name: w.name,
    title: w.title,
    avatarUrl: w.avatar_url,
    theme: theme && {
      backgroundColor,
      linkColor: theme.link_color ?? DEFAULT_LINK,
      headerImageFocused: theme.header_image_focused,
      showHeaderImage: theme.show_header_image,
      tint: backgroundTint(backgroundColor),
    },
  };
}

export function conversationFromWire(w: WireConversation): Conversation {
  const newest = w.messages.data.at(-1);
  return {
    id: w.id,
    status: w.status,
    lastModifiedTs: w.last_modified_ts,
    lastReadTs: w.last_read_ts,
    unread: w.unread,
    participants: w.participants.map(participantFromWire),
    lastMessage: newest ? messageFromWire(newest) : null,
  };
}

/** An `inbox:{blog}` `conversation` event. */
export function conversationFromSummary(s: ConversationSummary): Conversation {
  return {
    id: s.id,
    status: 'ACTIVE',
    lastModifiedTs: s.last_modified_ts,
    lastReadTs: s.last_read_ts,
    unread: s.unread,
    participants: s.participants.map(participantFromWire),
    lastMessage: s.last_message ? messageFromWire(s.last_message) : null,
  };
}

export function participantsFromWire(list: WireParticipant[]): Participant[] {
  return list.map(participantFromWire);
}

/** The blogs on the other side of a conversation, as `sender` sees it. */
export function otherParticipants(participants: Participant[], sender: string): Participant[] {
  const others = participants.filter((p) => p.name !== sender);
  return others.length > 0 ? others : participants;
}

/** Spec 000 §2.9: participant names joined by ' & '. */
export function participantNames(participants: { name: string }[]): string {
  return participants.map((p) => p.name).join(' & ');
}
