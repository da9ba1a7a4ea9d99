// A post's date as the reader sees it, and as a machine reads it (a <time>'s dateTime).

const FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Unix seconds as e.g. 'Nov 22, 2026, 3:05 PM', in the reader's time zone. */
export function formatPostDate(seconds: number): string {
  return FORMAT.format(new Date(seconds * 1000));
}

/** Unix seconds as an ISO 8601 instant. */
export function isoDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}
