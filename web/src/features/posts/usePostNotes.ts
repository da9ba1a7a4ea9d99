// A post's notes as one reader sees them (spec 002 §4 Post like): the chain's count, live
// on notes:{root_id}; whether the reader likes it, toggled at once and put back if the call
// fails, the same wherever the post shows (postLikes); and a fast reblog, which marks it
// reblogged when it succeeds, there too (postReblogs).
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { errorDetails } from '../../api/client';
import { useApi } from '../../api/ApiProvider';
import { runPostAction } from '../../api/postActions';
import type { Post } from '../../api/postModels';
import { useDialogs } from '../dialogs';
import { channel, useChannel } from '../../api/realtime';
import { useSession } from '../session';
import { likeSource } from './likeSource';
import { announceLike, startLiking, useLikeChanges } from './postLikes';
import { announceReblog, startReblogging, useReblogChanges } from './postReblogs';

export interface PostNotes {
  noteCount: number;
  liked: boolean;
  reblogged: boolean;
  /** The reader may like it: signed in, out, and not theirs (002 §6). */
  canLike: boolean;
  toggleLike(): void;
  fastReblog(): void;
  reblogging: boolean;
  /** What the last action's refusal said, or the reblog's message. */
  status: string | null;
  /** A count an action's answer gave (a reply). */
  counted(count: number): void;
}

export function usePostNotes(post: Post): PostNotes {
  const api = useApi();
  const { alert } = useDialogs();
  const { isLoggedIn, setLikedCount } = useSession();
  const [location] = useLocation();
  const [noteCount, setNoteCount] = useState(post.noteCount);
  const [liked, setLiked] = useState(post.liked);
  const [reblogged, setReblogged] = useState(post.reblogged);
  const [reblogging, setReblogging] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const published = post.state === 'published';

  // A count the page learned some other way (asked for while the socket was down), and a
  // like (the post read again).
  useEffect(() => setNoteCount(post.noteCount), [post.noteCount]);
  useEffect(() => setLiked(post.liked), [post.liked]);
  useEffect(() => setReblogged(post.reblogged), [post.reblogged]);

  // A like made here or wherever else the post shows; the chain's count, of any post of it.
  useLikeChanges((change) => {
    if (change.postId === post.id) setLiked(change.liked);
    if (change.noteCount !== undefined && change.rootId === post.rootId) setNoteCount(change.noteCount);
  });
  // A fast reblog made here or wherever else the post shows, likewise.
  useReblogChanges((change) => {
    if (change.postId === post.id) setReblogged(true);
    if (change.rootId === post.rootId) setNoteCount(change.noteCount);
  });

  // Visitors too: a published post's notes are public.
  useChannel(published ? channel.notes(post.rootId) : null, (frame) => {
    if (frame.event === 'notes') setNoteCount(frame.data.noteCount);
  });

  const canLike = isLoggedIn && published && !post.isMine;
  const toggleLike = useCallback(() => {
    if (!canLike) return;
    // One like call at a time, wherever the post shows: a double click must not race a like
    // against an unlike.
    const call = startLiking(post.id);
    if (!call) return;
    const next = !liked;
    const likeIs = (now: boolean, noteCount?: number) => announceLike({ postId: post.id, rootId: post.rootId, liked: now, noteCount });
    likeIs(next);
    setStatus(null);
    const fields = { id: post.id, key: post.reblogKey, root_id: String(post.rootId), source: likeSource(location) };
    runPostAction(api, next ? 'like' : 'unlike', fields, alert)
      .then((answer) => {
        likeIs(answer.liked, answer.note_count);
        setLikedCount(answer.liked_post_count);
      })
      .catch((err: unknown) => {
        likeIs(!next);
        setStatus(errorDetails(err).join(' '));
      })
      .finally(call.done);
  }, [alert, api, canLike, liked, location, post.id, post.reblogKey, post.rootId, setLikedCount]);

  const fastReblog = useCallback(() => {
    // One fast reblog call at a time, wherever the post shows.
    const call = startReblogging(post.id);
    if (!call) return;
    setReblogging(true);
    setStatus(null);
    runPostAction(api, 'fast_reblog', { reblog_post_id: post.id, reblog_key: post.reblogKey }, alert)
      .then((answer) => {
        // The new reblog is of the same chain: its count is the chain's.
        announceReblog({ postId: post.id, rootId: answer.post.root_id, noteCount: answer.post.note_count });
        setStatus(answer.message);
      })
      .catch((err: unknown) => setStatus(errorDetails(err).join(' ')))
      .finally(() => {
        call.done();
        setReblogging(false);
      });
  }, [alert, api, post.id, post.reblogKey]);

  return { noteCount, liked, reblogged, canLike, toggleLike, fastReblog, reblogging, status, counted: setNoteCount };
}
