import type { Notification } from '../../../api/models';
import { groupByDay } from '../dateHeaders';
import { NotificationItem } from './NotificationItem';

/** Notifications under their day headers, newest first. */
export function NotificationDays({ notifications, label }: { notifications: Notification[]; label: string }) {
  const days = groupByDay(notifications, Date.now());
  return (
    <div className="notification-days" aria-label={label} role="region">
      {days.map((day) => (
        <section key={day.header} className="notification-day" aria-label={day.header}>
          <h3 className="notification-day__header">{day.header}</h3>
          <ul className="notification-list">
            {day.notifications.map((n) => (
              <NotificationItem key={n.id} notification={n} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
