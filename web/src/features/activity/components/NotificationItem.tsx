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
 * One notification: who, what (linking to the post it is about, or for a reblog to the
 * reblog, with the post's summary, its picture and the note's words), and when (the day is
 * in the group header above it). Where a docking area is on the page (the dashboard, on a
 * wide viewport), a plain click on the post docks it beside the column instead of leaving the
 * page (spec 000 §4 Docking area); else a post of someone else's blog (one that mentions the
 * user, or a reblog of hers) opens in the blog viewer drawer over the page (spec 000 §2.10),
 * as other links to another blog's post do.
 */
export function NotificationItem({ notification }: { notification: Notification }) {
  const dock = useDock();
  const openPost = useOpenPost();
  const { user } = useSession();
  const from = notification.fromBlog;
  // A reblog is told of by the reblog itself (spec 000 §3 Notification new_post); the post it
  // reblogged, the user's own, is the one its summary and picture stand for.
  const href = notification.reblog?.url ?? notification.postUrl;
  const post = href ? postOfPath(href) : null;
  // What the note said, as text: a reply's words, what a reblog added, an answer's words.
  const words = notification.replyText || notification.reblog?.diff || notification.answerText;
  const dockPost = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!post || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (dock.dock(post)) {
      e.preventDefault();
      return;
    }
    // Not docked (no area, or the docked post is kept): the user's own post's page is opened.
    const own = user?.blogs.some((b) => b.name === post.blog) ?? false;
    if (!own && href) openPost(href, e);
  };
  const when = new Date(notification.timestamp * 1000);
  return (
    <li className="notification" data-type={notification.type}>
      {/* Without a blog (a question asked anonymously) the row keeps an avatar's place, so its
          words line up with the others'. */}
      {from ? <Avatar url={from.avatarUrl} size={30} /> : <span className="notification__no-avatar" aria-hidden="true" />}
      <span className="notification__text">
        {from ? <strong>{from.name}</strong> : notification.type === 'ask' && <strong>Anonymous</strong>}{' '}
        {href ? (
          <AppLink href={href} className="notification__post" onClick={dockPost}>
            {notification.message}
          </AppLink>
        ) : (
          notification.message
        )}
        {notification.postSummary && <span className="notification__summary muted">{notification.postSummary}</span>}
        {words && <q className="notification__words">{words}</q>}
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
      {notification.postVideoThumbnailUrl ? (
        // A video's poster, marked as a video's (a photo's picture says nothing the summary
        // does not; that it is a video, only this would).
        <span className="notification__media notification__media--video">
          <img src={notification.postVideoThumbnailUrl} alt="A video" width={40} height={40} loading="lazy" />
        </span>
      ) : (
        notification.postMediaUrl && (
          <img className="notification__media" src={notification.postMediaUrl} alt="" width={40} height={40} loading="lazy" />
        )
      )}
      <time className="muted notification__time" dateTime={when.toISOString()}>
        {timeOfDay.format(when)}
      </time>
    </li>
  );
}
