// A post's notes (spec 002 §1, §3): who liked it, who reblogged it where, who replied what,
// newest first, with new ones shown on top as the live count moves; and the reply form where
// the post takes replies. Every text here is plain text.
import { useState, type FormEvent } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { errorDetails } from '../../../api/client';
import { runPostAction } from '../../../api/postActions';
import type { Note } from '../../../api/postEndpoints';
import type { Post } from '../../../api/postModels';
import { MAX_REPLY_CHARS } from '../../../api/limits';
import { Avatar } from '../../../components/Avatar';
import { BarLoader } from '../../../components/BarLoader';
import { BlogLink, PostLink } from '../../../components/blogViewerOpener';
import { useDialogs } from '../../dialogs';
import { useSession } from '../../session';
import { useNoteList } from '../useNoteList';

function NoteItem({ note }: { note: Note }) {
  return (
    <li className="note" data-type={note.type}>
      <Avatar url={note.avatarUrl} size={24} />
      <span className="note__text">
        <BlogLink name={note.blogName}>{note.blogName}</BlogLink>{' '}
        {note.type === 'like' && 'liked this'}
        {note.type === 'reblog' && (
          <>
            {note.reblogUrl ? <PostLink href={note.reblogUrl}>reblogged this</PostLink> : 'reblogged this'}
            {note.reblogComment && (
              <>
                {' '}
                and added: <q className="note__added">{note.reblogComment}</q>
              </>
            )}
            {note.reblogTags.length > 0 && (
              <span className="note__tags">
                {' '}
                {note.reblogTags.map((tag) => `#${tag}`).join(' ')}
              </span>
            )}
          </>
        )}
        {note.type === 'reply' && (
          <>
            replied: <q className="note__reply">{note.replyText}</q>
          </>
        )}
      </span>
    </li>
  );
}

export function NotesPanel({
  post,
  noteCount,
  onCounted,
}: {
  post: Post;
  /** The live count: a change shows what came since on top of the list. */
  noteCount: number;
  onCounted(count: number): void;
}) {
  const api = useApi();
  const { alert } = useDialogs();
  const { isLoggedIn } = useSession();
  const [reply, setReply] = useState('');
  const [replying, setReplying] = useState(false);
  const [replyError, setReplyError] = useState<string | null>(null);

  const { notes, error, hasMore, loadMore, refreshNewest } = useNoteList(post.id, noteCount);

  const text = reply.trim();
  const sendReply = (e: FormEvent) => {
    e.preventDefault();
    if (!text || replying) return;
    setReplying(true);
    setReplyError(null);
    runPostAction(api, 'reply', { post_id: post.id, reply_text: text, tumblelog: post.blogName }, alert)
      .then((answer) => {
        setReply('');
        // A new count reads what came since; the same count (its live event came first, and
        // what was read then may not have had the reply yet) reads it again.
        if (answer.note_count === noteCount) refreshNewest();
        onCounted(answer.note_count);
      })
      .catch((err: unknown) => setReplyError(errorDetails(err).join(' ')))
      .finally(() => setReplying(false));
  };

  return (
    <section className="notes-panel" aria-label="Notes">
      {isLoggedIn && post.takesReplies && post.state === 'published' && (
        <form className="notes-panel__reply" onSubmit={sendReply}>
          <input
            type="text"
            aria-label="Reply"
            placeholder="Say something nice"
            value={reply}
            maxLength={MAX_REPLY_CHARS}
            onChange={(e) => setReply(e.target.value)}
          />
          <button type="submit" disabled={!text || replying}>
            Send reply
          </button>
          {replyError && (
            <p className="form-error" role="alert">
              {replyError}
            </p>
          )}
        </form>
      )}
      {notes !== null && (
        <ol className="notes-panel__list" aria-label="Notes on this post">
          {notes.map((note) => (
            <NoteItem key={note.id} note={note} />
          ))}
        </ol>
      )}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : (
        notes === null && <BarLoader label="Loading notes" />
      )}
      {hasMore && (
        <button type="button" className="notes-panel__more" onClick={loadMore}>
          Show more notes
        </button>
      )}
    </section>
  );
}
