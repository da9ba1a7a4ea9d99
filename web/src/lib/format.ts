/** Counts use thousands separators (spec 000 §9): 1234567 → "1,234,567". */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** The largest number an unread badge spells out; above it the badge reads '99+'. */
export const BADGE_CAP = 99;

/** An unread badge's text, or null when it is hidden (at 0). */
export function formatBadge(n: number): string | null {
  if (!Number.isFinite(n) || n <= 0) return null;
  return n > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(n));
}

/** A count shown beside a menu item only when it is above 0 (spec 000 §2.2). */
export function countIfAboveZero(n: number | undefined): string | null {
  return n !== undefined && n > 0 ? formatCount(n) : null;
}

/** Fills '%1$s'-style placeholders, as the spec's texts are written ('%1$s', '%2$s', …). */
export function sprintf(template: string, ...args: string[]): string {
  return template.replace(/%(\d+)\$s/g, (match, index: string) => args[Number(index) - 1] ?? match);
}
