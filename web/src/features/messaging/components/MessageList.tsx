import { useLayoutEffect, useRef } from 'react';
import type { Message } from '../../../api/messagingModels';
import { withTimestampHeaders } from '../conversation/timestampHeaders';
import { useInfiniteScroll } from '../inbox/useInfiniteScroll';

const headerTime = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * The messages, oldest first, under timestamp headers; kept scrolled to the newest as new
 * ones come. Scrolling up to within 50 px of the top loads older ones (spec 000 §9), which
 * come in above without moving what the reader looks at.
 */
/**
 * A read time is in whole seconds (spec 000 §3: last_read_ts), a message's time in ms: read
 * up to 12 s covers a message sent at 12.345 s.
 */
const wholeSeconds = (ms: number) => Math.floor(ms / 1000) * 1000;

export function MessageList({
  messages,
  sender,
  seenUpTo,
  hasOlder = false,
  loadingOlder = false,
  onLoadOlder = () => {},
}: {
  messages: Message[];
  /** The user's blog in this conversation: its messages are "mine". */
  sender: string;
  /** The latest time (ms) every other participant has read up to, for 'Seen'. */
  seenUpTo: number;
  hasOlder?: boolean;
  loadingOlder?: boolean;
  onLoadOlder?(): void;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const onScroll = useInfiniteScroll({ hasMore: hasOlder, loading: loadingOlder, onLoadMore: onLoadOlder, edge: 'top' });
  // What the list showed last render: its newest message and its height.
  const last = useRef<{ newest: string; height: number }>({ newest: '', height: 0 });
  const newestMessage = messages.at(-1);
  const newest = newestMessage ? String(newestMessage.id ?? newestMessage.clientId) : '';
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (newest !== last.current.newest) {
      // A new message (or the first load): to the bottom.
      list.scrollTop = list.scrollHeight;
    } else if (list.scrollHeight !== last.current.height) {
      // Older messages came in above: keep the same messages in view.
      list.scrollTop += list.scrollHeight - last.current.height;
    }
    last.current = { newest, height: list.scrollHeight };
  }, [newest, messages.length]);

  const rows = withTimestampHeaders(messages);
  const lastMine = [...messages].reverse().find((m) => m.participant === sender && !m.isPending);

  return (
    <ol ref={listRef} className="message-list" aria-label="Messages" aria-live="polite" aria-busy={loadingOlder} onScroll={onScroll}>
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
              {message === lastMine && seenUpTo >= wholeSeconds(message.ts) && (
                <span className="message__status muted">Seen</span>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
