import type { Message } from '../../../api/messagingModels';
import { TIMESTAMP_HEADER_GAP_MS } from '../constants';

export interface MessageRow {
  message: Message;
  /** Set when a timestamp header goes above this message (Message.tsHeader). */
  tsHeader: number | null;
}

/**
 * Spec 000 §9: a timestamp header between messages more than an hour apart. The first
 * message gets one too, so the list always says when it starts.
 */
export function withTimestampHeaders(messages: Message[]): MessageRow[] {
  return messages.map((message, i) => {
    const previous = messages[i - 1];
    const gap = previous ? message.ts - previous.ts : Number.POSITIVE_INFINITY;
    return { message, tsHeader: gap > TIMESTAMP_HEADER_GAP_MS ? message.ts : null };
  });
}
