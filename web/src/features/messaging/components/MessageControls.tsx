// The message-controls popover (spec 002 §2, §6, §8): Block and Flag for a known sender that
// is not one of the user's own blogs, and Delete always ('Are you sure you want to delete
// this?'). Block asks with the message-sender confirmation and acts as the conversation's
// blog of the user. Cancelling rejects quietly.
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { ApiError, errorDetails } from '../../../api/client';
import { deleteConversation, flagConversation } from '../../../api/endpoints';
import { DELETE_CONFIRMATION, TECHNICAL_TROUBLE } from '../../../api/postActions';
import type { Participant } from '../../../api/messagingModels';
import { useDismiss } from '../../../components/useDismiss';
import { useBlocking } from '../../blocking';
import { useDialogs } from '../../dialogs';
import { useSession } from '../../session';
import { announceDeletedConversation } from '../deletedConversations';

/** How long 'bob is blocked.' or the flag's thanks stays over the messages. */
const STATUS_SHOWN_MS = 4000;

export function MessageControls({
  sender,
  others,
  conversationId,
  onDeleted,
}: {
  /** The user's blog in the conversation. */
  sender: string;
  /** The other blogs in it. */
  others: Participant[];
  /** None for a conversation not started yet. */
  conversationId: number | null;
  onDeleted(): void;
}) {
  const api = useApi();
  const dialogs = useDialogs();
  const blocking = useBlocking();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  // Said over the top of the messages: it goes after a moment, as a toast would.
  useEffect(() => {
    if (status === null) return;
    const timer = setTimeout(() => setStatus(null), STATUS_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [status]);
  const menu = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useDismiss(menu, () => setOpen(false), { enabled: open, ignore: toggle });

  // Block and Flag need a known sender that is not one of the user's own blogs (§6).
  const mine = new Set(user?.blogs.map((b) => b.name) ?? []);
  const known = others.length === 1 && !mine.has(others[0].name) ? others[0] : null;

  // The spec's one alert for what the user cannot act on; a refusal's own words otherwise.
  const failed = async (err: unknown) => {
    if (err instanceof ApiError && [401, 404, 500].includes(err.status)) await dialogs.alert(TECHNICAL_TROUBLE);
    else setStatus(errorDetails(err).join(' '));
  };

  const block = async () => {
    setOpen(false);
    if (!known) return;
    try {
      if (await blocking.confirmBlockSender(sender, known.name)) setStatus(`${known.name} is blocked.`);
    } catch (err) {
      await failed(err);
    }
  };

  const flag = async () => {
    setOpen(false);
    if (!known || conversationId === null) return;
    try {
      await flagConversation(api, conversationId, sender);
      setStatus('Thanks: this conversation was reported.');
    } catch (err) {
      await failed(err);
    }
  };

  const remove = async () => {
    setOpen(false);
    if (!(await dialogs.confirm(DELETE_CONFIRMATION))) return;
    try {
      if (conversationId !== null) {
        await deleteConversation(api, conversationId, sender);
        announceDeletedConversation(sender, conversationId);
      }
      onDeleted();
    } catch (err) {
      await failed(err);
    }
  };

  return (
    <div className="message-controls">
      <button
        ref={toggle}
        type="button"
        className="link-button message-controls__toggle"
        aria-label="Message controls"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        •••
      </button>
      {open && (
        <div ref={menu} className="message-controls__menu" role="menu" aria-label="Message controls">
          {known && (
            <button type="button" role="menuitem" onClick={() => void block()}>
              Block
            </button>
          )}
          {known && conversationId !== null && (
            <button type="button" role="menuitem" onClick={() => void flag()}>
              Flag
            </button>
          )}
          <button type="button" role="menuitem" onClick={() => void remove()}>
            Delete
          </button>
        </div>
      )}
      {status && (
        <p className="message-controls__status" role="status">
          {status}
        </p>
      )}
    </div>
  );
}
