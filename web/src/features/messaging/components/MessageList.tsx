import { useEffect, useRef } from 'react';
import type { Message } from '../../../api/messagingModels';
import { withTimestampHeaders } from '../conversation/timestampHeaders';

const headerTime = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** The messages, oldest first, under timestamp headers; kept scrolled to the newest. */
export function MessageList({
  messages,
  sender,
  seenUpTo,
}: {
  messages: Message[];
  /** The user's blog in this conversation: its messages are "mine". */
  sender: string;
  /** The latest time (ms) every other participant has read up to, for 'Seen'. */
  seenUpTo: number;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  const rows = withTimestampHeaders(messages);
  const lastMine = [...messages].reverse().find((m) => m.participant === sender && !m.isPending);

  return (
    <ol ref={listRef} className="message-list" aria-label="Messages" aria-live="polite">
      {rows.map(({ message, tsHeader }) => {
        const mine = message.participant === sender;
        const classes = ['message', mine ? 'message--mine' : 'message--theirs'];
        if (message.isPending) classes.push('is-pending');
        return (
          <li key={message.id ?? message.clientId} className="message-list__row">
            {tsHeader !== null && (
              <time className="message-list__time" dateTime={new Date(tsHeader).toISOString()}>
                {headerTime.format(new Date(tsHeader))}
              </time>
            )}
            <div className={classes.join(' ')} aria-busy={message.isPending || undefined}>
              {!mine && <span className="message__from">{message.participant}</span>}
              <p className="message__text">{message.message}</p>
              {message.isPending && <span className="message__status muted">Sending</span>}
              {message === lastMine && seenUpTo >= message.ts && (
                <span className="message__status muted">Seen</span>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
