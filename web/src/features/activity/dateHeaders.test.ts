import { describe, expect, it } from 'vitest';
import { notificationFromWire, type Notification } from '../../api/models';
import { wireNotification } from '../../test/fixtures';
import { dayHeader, groupByDay } from './dateHeaders';

/** Local time, so the tests hold in any time zone. */
function at(year: number, month: number, day: number, hour = 12, minute = 0): number {
  return new Date(year, month - 1, day, hour, minute).getTime();
}

function notification(id: number, ms: number): Notification {
  return notificationFromWire(wireNotification(id, { timestamp: Math.floor(ms / 1000) }));
}

// Thursday, December 3 2026, 09:00.
const NOW = at(2026, 12, 3, 9);

describe('dayHeader', () => {
  it('says Today for any time since midnight, Yesterday for the day before', () => {
    expect(dayHeader(at(2026, 12, 3, 0, 1), NOW)).toBe('Today');
    expect(dayHeader(at(2026, 12, 2, 23, 59), NOW)).toBe('Yesterday');
    expect(dayHeader(at(2026, 12, 2, 0, 0), NOW)).toBe('Yesterday');
  });

  it("says '%d days ago' from 2 to 6 days", () => {
    expect(dayHeader(at(2026, 12, 1, 23), NOW)).toBe('2 days ago');
    expect(dayHeader(at(2026, 11, 27), NOW)).toBe('6 days ago');
  });

  it("writes older days as 'dddd, MMMM D'", () => {
    expect(dayHeader(at(2026, 11, 26), NOW)).toBe('Thursday, November 26');
    expect(dayHeader(at(2026, 11, 22), NOW)).toBe('Sunday, November 22');
  });

  it('treats a clock slightly ahead of the server as today', () => {
    expect(dayHeader(NOW + 60_000, NOW)).toBe('Today');
  });
});

describe('groupByDay', () => {
  it('groups newest-first notifications under one header per day, in order', () => {
    const groups = groupByDay(
      [
        notification(5, at(2026, 12, 3, 8)),
        notification(4, at(2026, 12, 3, 1)),
        notification(3, at(2026, 12, 2, 15)),
        notification(2, at(2026, 11, 29)),
        notification(1, at(2026, 11, 22)),
      ],
      NOW,
    );
    expect(groups.map((g) => [g.header, g.notifications.map((n) => n.id)])).toEqual([
      ['Today', [5, 4]],
      ['Yesterday', [3]],
      ['4 days ago', [2]],
      ['Sunday, November 22', [1]],
    ]);
  });

  it('gives no groups for no notifications', () => {
    expect(groupByDay([], NOW)).toEqual([]);
  });
});
