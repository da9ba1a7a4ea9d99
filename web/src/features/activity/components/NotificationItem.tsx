import type { MouseEvent } from 'react';
import type { Notification } from '../../../api/models';
import { AppLink } from '../../../components/AppLink';
import { Avatar } from '../../../components/Avatar';
import { useOpenPost } from '../../../components/blogViewerOpener';
import { postOfPath } from '../../../lib/postPath';
import { useDock } from '../../docking';
import { useSession } from '../../session';
import { InviteAnswerButtons } from './InviteAnswerButtons';

const timeOfDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * One notification: who, what (linking to the post it is about, with its summary, its
 * picture and a reply's words), and when (the day is in the group header above it). Where a
 * docking area is on the page (the dashboard, on a wide viewport), a plain click on the post
 * docks it beside the column instead of leaving the page (spec 000 §4 Docking area); else a
 * post of someone else's blog (one that mentions the user) opens in the blog viewer drawer
 * over the page (spec 000 §2.10), as other links to another blog's post do.
 */
export function NotificationItem({ notification }: { notification: Notification }) {
  const dock = useDock();
  const openPost = useOpenPost();
  const { user } = useSession();
  const from = notification.fromBlog;
  const post = notification.postUrl ? postOfPath(notification.postUrl) : null;
  const dockPost = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!post || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (dock.dock(post)) {
      e.preventDefault();
      return;
    }
    // Not docked (no area, or the docked post is kept): the user's own post's page is opened.
    const own = user?.blogs.some((b) => b.name === post.blog) ?? false;
    if (!own && notification.postUrl) openPost(notification.postUrl, e);
  };
  const when = new Date(notification.timestamp * 1000);
  return (
    <li className="notification" data-type={notification.type}>
      {/* Without a blog (a question asked anonymously) the row keeps an avatar's place, so its
          words line up with the others'. */}
      {from ? <Avatar url={from.avatarUrl} size={30} /> : <span className="notification__no-avatar" aria-hidden="true" />}
      <span className="notification__text">
        {from ? <strong>{from.name}</strong> : notification.type === 'ask' && <strong>Anonymous</strong>}{' '}
        {notification.postUrl ? (
          <AppLink href={notification.postUrl} className="notification__post" onClick={dockPost}>
            {notification.message}
          </AppLink>
        ) : (
          notification.message
        )}
        {notification.postSummary && <span className="notification__summary muted">{notification.postSummary}</span>}
        {notification.replyText && <q className="notification__reply">{notification.replyText}</q>}
        {/* An invitation to a group blog (`fromBlog` is the group): answered from here. */}
        {notification.groupInvite && from && (
          <InviteAnswerButtons
            notificationId={notification.id}
            group={from.name}
            blog={notification.blog}
            waiting={notification.groupInvite.pending}
          />
        )}
      </span>
      {notification.postMediaUrl && (
        <img className="notification__media" src={notification.postMediaUrl} alt="" width={40} height={40} loading="lazy" />
      )}
      <time className="muted notification__time" dateTime={when.toISOString()}>
        {timeOfDay.format(when)}
      </time>
    </li>
  );
}
