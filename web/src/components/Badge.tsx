import { formatBadge } from '../lib/format';

/** An unread badge: hidden at 0, '99+' above 99. */
export function Badge({ count, label }: { count: number; label?: string }) {
  const text = formatBadge(count);
  if (text === null) return null;
  return (
    <span className="badge" aria-label={label ?? `${text} unread`}>
      {text}
    </span>
  );
}
