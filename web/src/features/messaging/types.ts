// Types the messaging feature's modules share. They live apart from MessagingContext so that
// the conversation popover and its hook can name them without importing the provider that
// renders the popover (which would make an import cycle).
import type { Participant } from '../../api/messagingModels';

/** What the conversation popover shows. */
export interface ConversationTarget {
  /** Changes on every opening, so a new opening starts a fresh view. */
  key: number;
  /** The user's blog that reads and sends. */
  sender: string;
  /** Known for an existing conversation; null for one addressed by recipient names. */
  conversationId: number | null;
  /** The other blogs' names (for a conversation not known by id). */
  recipients: string[];
  /** Known participants, so the header has names before the messages load. */
  participants: Participant[];
}
