// Seen is read: once a blog's notifications are on the screen (the activity popover, the phone's
// Activity page, the blog's activity page), they are marked read, and again when a new one
// arrives while they are. The badge then goes by the unread channel, on every tab. Asked only
// while the user has unread activity, so an open popover costs nothing when all is read.
import { useEffect } from 'react';
import { useApi } from '../../api/ApiProvider';
import { markActivityRead } from '../../api/endpoints';
import { useUser } from '../session';

/**
 * Marks `blog`'s notifications read while `shown`; `newestId` (the newest shown) asks again
 * when a new one arrives.
 */
export function useMarkActivityRead(blog: string, shown: boolean, newestId: number | undefined): void {
  const api = useApi();
  const unread = useUser().activityUnreadCount > 0;
  useEffect(() => {
    if (!shown || !unread) return;
    // A failure leaves the badge as it was: nothing the user must act on.
    markActivityRead(api, blog).catch(() => {});
  }, [api, blog, shown, unread, newestId]);
}
