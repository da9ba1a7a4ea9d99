// The conversation popover (spec 000 §2.9): participant names and Close, then the messages,
// the new-conversation view or the error view, and the compose box.
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { otherParticipants, participantNames, type Participant } from '../../../api/messagingModels';
import { Avatar } from '../../../components/Avatar';
import { BarLoader } from '../../../components/BarLoader';
import { popoverOpenWithin } from '../../../components/useDismiss';
import { useDelayedFlag } from '../../../lib/useDelayedFlag';
import { useDialogs } from '../../dialogs';
import {
  CLOSE_WITHOUT_SENDING,
  LOADER_DELAY_MS,
  MESSAGING_NOT_ENABLED,
  NEW_CONVERSATION_GREETING,
  SENDING_DELAY_MS,
  STILL_SENDING,
} from '../constants';
import { conversationViewKind } from '../conversation/conversationReducer';
import { useConversation } from '../conversation/useConversation';
import type { ConversationTarget } from '../types';
import { ComposeBox } from './ComposeBox';
import { MessageControls } from './MessageControls';
import { MessageList } from './MessageList';

/** Unsent text, by conversation, kept while another conversation is open in its place. */
export type Drafts = Map<string, string>;

export function ConversationPopover({
  target,
  onClose,
  drafts: given,
}: {
  target: ConversationTarget;
  onClose(): void;
  /** Where the text typed and not sent waits when another conversation takes this one's place. */
  drafts?: Drafts;
}) {
  const { state, hasOlder, loadingOlder, send, loadOlder } = useConversation(target);
  const dialogs = useDialogs();
  const [own] = useState<Drafts>(() => new Map());
  const drafts = given ?? own;
  const draftKey = `${target.sender}|${target.conversationId ?? target.recipients.join(',')}`;
  const [draft, setDraftState] = useState(() => drafts.get(draftKey) ?? '');
  const setDraft = (text: string) => {
    setDraftState(text);
    if (text.trim() === '') drafts.delete(draftKey);
    else drafts.set(draftKey, text);
  };
  const showLoader = useDelayedFlag(state.isLoading, LOADER_DELAY_MS);
  const stillSending = useDelayedFlag(state.isSending, SENDING_DELAY_MS);
  const kind = conversationViewKind(state);

  const others = otherParticipants(
    state.conversation?.participants ??
      (target.participants.length > 0
        ? target.participants
        : target.recipients.map((name): Participant => ({ name, title: '', avatarUrl: `/avatar/${name}/128`, theme: null }))),
    target.sender,
  );
  const names = participantNames(others);
  const theme = others.find((p) => p.theme)?.theme;
  const headerStyle: CSSProperties | undefined = theme
    ? { background: theme.backgroundColor, ['--conversation-link' as string]: theme.linkColor }
    : undefined;
  const seenUpTo = Math.min(...others.map((p) => state.readUpTo[p.name] ?? 0));

  const close = async () => {
    if (draft.trim() !== '' && !(await dialogs.confirm(CLOSE_WITHOUT_SENDING))) return;
    drafts.delete(draftKey);
    onClose();
  };

  // A conversation opens because its reader asked (the inbox, Message, a link): the message
  // box takes the focus, so typing writes to it. Closed with the focus inside, the focus goes
  // back where it was before, if that is still on the page.
  const section = useRef<HTMLElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const before = document.activeElement;
    box.current?.focus();
    if (document.activeElement !== box.current) section.current?.focus();
    const popover = section.current;
    return () => {
      const active = document.activeElement;
      const lost = !active || active === document.body || !!popover?.contains(active);
      if (lost && before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);

  // Escape closes the conversation when the focus is in it (asking first over unsent text);
  // a menu open in it closes first, alone.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.defaultPrevented || popoverOpenWithin(section.current)) return;
    e.preventDefault();
    e.stopPropagation();
    void close();
  };

  return (
    <section
      ref={section}
      className="popover conversation-popover"
      role="dialog"
      aria-label={`Conversation with ${names}`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <header className={`conversation-popover__header tint--${theme?.tint ?? 'light'}`} style={headerStyle}>
        <h2 className="conversation-popover__title">{names}</h2>
        {stillSending && (
          <p className="conversation-popover__status" role="status">
            {STILL_SENDING}
          </p>
        )}
        <MessageControls
          sender={target.sender}
          others={others}
          conversationId={state.conversation?.id ?? target.conversationId ?? null}
          onDeleted={onClose}
        />
        <button type="button" className="link-button conversation-popover__close" onClick={() => void close()}>
          Close
        </button>
      </header>
      <div className="conversation-popover__body">
        {kind === 'error' ? (
          <p className="conversation-popover__error" role="alert">
            {state.errorText ?? MESSAGING_NOT_ENABLED}
          </p>
        ) : state.isLoading && state.messages.length === 0 ? (
          showLoader && <BarLoader label="Loading the conversation" />
        ) : kind === 'new' ? (
          <div className="conversation-popover__new">
            <div className="conversation-popover__avatars">
              {others.map((p) => (
                <Avatar key={p.name} url={p.avatarUrl} size={64} />
              ))}
            </div>
            <p className="conversation-popover__hello">{NEW_CONVERSATION_GREETING}</p>
            {state.messages.length > 0 && (
              <MessageList messages={state.messages} sender={target.sender} seenUpTo={seenUpTo} />
            )}
          </div>
        ) : (
          <MessageList
            messages={state.messages}
            sender={target.sender}
            seenUpTo={seenUpTo}
            hasOlder={hasOlder}
            loadingOlder={loadingOlder}
            onLoadOlder={loadOlder}
          />
        )}
      </div>
      {state.sendError && (
        <p className="form-error conversation-popover__send-error" role="alert">
          {state.sendError}
        </p>
      )}
      <ComposeBox
        draft={draft}
        onDraftChange={setDraft}
        onSend={send}
        disabled={kind === 'error'}
        sending={state.isSending}
        inputRef={box}
      />
    </section>
  );
}
