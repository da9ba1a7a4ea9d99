// Notifications grouped under day headers (spec 000 §2.3): 'Today', 'Yesterday',
// '%d days ago' for 2 to 6 days, otherwise the day written 'dddd, MMMM D'.
import type { Notification } from '../../api/models';

export interface NotificationDay {
  header: string;
  notifications: Notification[];
}

const DAY_MS = 86_400_000;
/** The furthest day spelled '%d days ago'; older ones get their date. */
const DAYS_AGO_LIMIT = 6;

/** 'dddd, MMMM D', e.g. 'Sunday, November 22'. */
const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

/** Local midnight of the day `ms` falls on. */
function startOfDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Whole calendar days between two instants, in local time (DST-safe by rounding). */
function calendarDaysBetween(earlierMs: number, laterMs: number): number {
  return Math.round((startOfDay(laterMs) - startOfDay(earlierMs)) / DAY_MS);
}

/** The header for a day, as seen at `nowMs`. */
export function dayHeader(timestampMs: number, nowMs: number): string {
  const days = calendarDaysBetween(timestampMs, nowMs);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days <= DAYS_AGO_LIMIT) return `${days} days ago`;
  return longDay.format(new Date(timestampMs));
}

/** Groups notifications (newest first, timestamps in unix seconds) by calendar day. */
export function groupByDay(notifications: Notification[], nowMs: number): NotificationDay[] {
  const days: NotificationDay[] = [];
  for (const notification of notifications) {
    const header = dayHeader(notification.timestamp * 1000, nowMs);
    const last = days.at(-1);
    if (last && last.header === header) last.notifications.push(notification);
    else days.push({ header, notifications: [notification] });
  }
  return days;
}
