import { useState } from 'react';
import { Link } from 'wouter';
import type { Post } from '../../../api/postModels';
import { AppLink } from '../../../components/AppLink';
import { PostLink } from '../../../components/blogViewerOpener';
import { editPostPath, reblogPostPath } from '../../../lib/composerPaths';
import { formatCount } from '../../../lib/format';
import { useSession } from '../../session';
import { ShareButton } from '../../share';
import { formatPostDate, isoDate } from '../postDate';
import { usePostNotes } from '../usePostNotes';
import { AppAttribution } from './AppAttribution';
import { InboxActions } from './InboxActions';
import { OwnPostActions } from './OwnPostActions';
import { PromoteButton } from './PromoteButton';
import { NotesPanel } from './NotesPanel';
import { useReadMore } from './readMoreContext';

/** "1 note", "1,204 notes". */
export function notesLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'note' : 'notes'}`;
}

/**
 * When it went out (a link to the post's page), its notes (live), the app that posted it if
 * one did (docs/api.md "Apps"), and what the reader can do with it: edit, publish or delete it
 * if it is theirs; like it if it is not (spec 002 §4); reblog it if it is out, in the composer
 * (spec 001 §2: /reblog/{id}/{key}) or at once (fast reblog, 002 §7); share it if it is out
 * (002 §2 Share popover). The date of another blog's post opens it in the blog viewer drawer
 * (spec 000 §2.10), over the page; on the post's own page it is just its address.
 */
export function PostFooter({ post }: { post: Post }) {
  const { isLoggedIn } = useSession();
  const notes = usePostNotes(post);
  const [notesOpen, setNotesOpen] = useState(false);
  // The panel opens on the count, or on Reply for a post that takes replies and has none yet.
  const canOpen = notes.noteCount > 0 || (isLoggedIn && post.takesReplies && post.state === 'published');
  const date = <time dateTime={isoDate(post.date)}>{formatPostDate(post.date)}</time>;
  const canReblog = isLoggedIn && post.state === 'published';
  const { full, inViewer } = useReadMore();
  // A post shown whole in the drawer is not on its own page: its date opens it in the drawer.
  const Permalink = (full && !inViewer) || post.isMine ? AppLink : PostLink;
  return (
    <footer className="post-footer">
      <span className="post-footer__meta">
        {post.postUrl ? (
          <Permalink href={post.postUrl} className="post-footer__date">
            {date}
          </Permalink>
        ) : (
          <span className="post-footer__date">{date}</span>
        )}
        {canOpen && (
          <button
            type="button"
            className="post-footer__notes"
            aria-live="polite"
            aria-expanded={notesOpen}
            onClick={() => setNotesOpen((open) => !open)}
          >
            {notes.noteCount > 0 ? notesLabel(notes.noteCount) : 'Reply'}
          </button>
        )}
        <AppAttribution post={post} />
      </span>
      {notes.status && (
        <span className="post-footer__status" role="status">
          {notes.status}
        </span>
      )}
      <span className="post-footer__actions">
        {post.isMine && post.state === 'unapproved' && <InboxActions post={post} />}
        {post.isMine && post.state !== 'unapproved' && (
          <Link to={editPostPath(post.id)} className="post-footer__action">
            Edit
          </Link>
        )}
        {post.isMine && post.state !== 'unapproved' && <OwnPostActions post={post} />}
        <PromoteButton post={post} />
        <ShareButton post={post} className="post-footer__action" />
        {canReblog && (
          <Link to={reblogPostPath(post.id, post.reblogKey)} className="post-footer__action">
            Reblog
          </Link>
        )}
        {canReblog && (
          <button
            type="button"
            className={notes.reblogged ? 'post-footer__action is-done' : 'post-footer__action'}
            onClick={notes.fastReblog}
            disabled={notes.reblogging}
          >
            {notes.reblogged ? 'Reblogged' : 'Fast reblog'}
          </button>
        )}
        {notes.canLike && (
          <button
            type="button"
            className={notes.liked ? 'post-footer__like is-liked' : 'post-footer__like'}
            aria-pressed={notes.liked}
            onClick={notes.toggleLike}
          >
            <span aria-hidden="true">{notes.liked ? '♥' : '♡'}</span> Like
          </button>
        )}
      </span>
      {notesOpen && <NotesPanel post={post} noteCount={notes.noteCount} onCounted={notes.counted} />}
    </footer>
  );
}
