import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { ApiError, errorDetails } from '../../../api/client';
import { respondToInvite } from '../../../api/groupEndpoints';
import { useBlogsDispatch } from '../../blogs';
import { useSession } from '../../session';

/** What the server's `no_invite` means to the one who was invited. */
export const INVITE_GONE = 'This invitation was withdrawn or already answered.';

/**
 * A `group_invite` notification's Accept and Decline, while the invitation waits: the
 * user's invited `blog` answers for itself. Once answered it says so in their place (and the
 * focus, which was on the button, goes there), the notification is marked answered in the
 * store, and the user model is read again, so that a group joined shows in the account menu
 * and the composer's blogs at once. It sits in the notification's line of text: spans only.
 */
export function InviteAnswerButtons({
  notificationId,
  group,
  blog,
  waiting,
}: {
  notificationId: number;
  group: string;
  /** The user's blog the invitation is for: the one they would be known by in the group. */
  blog: string;
  /** The invitation still waits for an answer (`group_invite.pending`). */
  waiting: boolean;
}) {
  const api = useApi();
  const dispatch = useBlogsDispatch();
  const { refresh } = useSession();
  const [pending, setPending] = useState(false);
  const [answered, setAnswered] = useState<'Joined' | 'Declined' | null>(null);
  const [gone, setGone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const said = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (answered) said.current?.focus();
  }, [answered]);

  const answer = async (accept: boolean) => {
    setPending(true);
    setError(null);
    try {
      const { accepted } = await respondToInvite(api, { group, blog, accept });
      setAnswered(accepted ? 'Joined' : 'Declined');
      dispatch({ type: 'groupInviteAnswered', name: blog, notificationId });
      void refresh();
    } catch (err) {
      if (err instanceof ApiError && err.codes.includes('no_invite')) {
        setGone(true);
        dispatch({ type: 'groupInviteAnswered', name: blog, notificationId });
        setError(INVITE_GONE);
      } else {
        setError(errorDetails(err).join(' '));
      }
    } finally {
      setPending(false);
    }
  };

  // Answered here: it says how, even after the store has marked it answered.
  if (answered) {
    return (
      <span className="notification__invite">
        <span ref={said} className="notification__answered" role="status" tabIndex={-1}>
          {answered}
        </span>
      </span>
    );
  }
  if (!waiting && !error) return null;
  return (
    <span className="notification__invite">
      {waiting && !gone && (
        <>
          {/* Named for the group, as a list may hold several invitations; the name starts
              with what the button says (WCAG 2.5.3). */}
          <button
            type="button"
            className="button button--primary"
            aria-label={`Accept the invitation to ${group}`}
            disabled={pending}
            onClick={() => void answer(true)}
          >
            Accept
          </button>
          <button
            type="button"
            className="button button--quiet"
            aria-label={`Decline the invitation to ${group}`}
            disabled={pending}
            onClick={() => void answer(false)}
          >
            Decline
          </button>
        </>
      )}
      {error && (
        <span className="form-error notification__invite-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
