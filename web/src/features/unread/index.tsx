// Keeps the session's unread counts live from the `unread` channel: the messaging and activity
// badges in the header (or, on a phone, the mobile drawer's), and each blog row's badge in the
// account popover all read them there.
import { channel, useChannel } from '../../api/realtime';
import { useSession } from '../session';

/** Mounted once while logged in, by whichever header is shown. Renders nothing. */
export function LiveUnreadCounts() {
  const { applyUnreadCounts, refresh } = useSession();
  useChannel(
    channel.unread(),
    (event) => {
      if (event.event === 'unread') applyUnreadCounts(event.data);
    },
    // A gap the server cannot replay: the user model carries the same counts.
    () => void refresh(),
  );
  return null;
}
