import { formatBadge } from '../lib/format';

/**
 * An unread badge: hidden at 0, '99+' above 99. Its name is what it shows followed by what it
 * counts ("99+ unread conversations", `counting` = "unread conversations"), so the visible
 * text starts the accessible name even past the cap (WCAG 2.5.3, axe label-content-name-mismatch).
 */
export function Badge({ count, counting = 'unread' }: { count: number; counting?: string }) {
  const text = formatBadge(count);
  if (text === null) return null;
  return (
    <span className="badge" aria-label={`${text} ${counting}`}>
      {text}
    </span>
  );
}
