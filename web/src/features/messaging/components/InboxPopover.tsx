// The messaging inbox popover (spec 000 §2.8): the sender-blog selector and the compose
// toggle, then the conversations list or the compose view.
import type { Participant } from '../../../api/messagingModels';
import { BlogSelector } from '../../blogSelector';
import { COMPOSE_MESSAGE, NEVERMIND } from '../constants';
import { useMessaging } from '../MessagingContext';
import { ConversationList } from './ConversationList';
import { RecipientPicker } from './RecipientPicker';

export function InboxPopover({ onClose }: { onClose(): void }) {
  const { senders, sender, chooseSender, inboxMode, setInboxMode, openConversation } = useMessaging();
  if (!sender) {
    return <p className="muted inbox-popover__none">None of your blogs has messaging enabled.</p>;
  }

  const composing = inboxMode === 'compose';
  /** Opening a conversation closes the inbox; the conversation popover takes over. */
  const open = (target: Parameters<typeof openConversation>[0]) => {
    openConversation({ ...target, sender });
    setInboxMode('list');
    onClose();
  };
  const startWith = (name: string, participant?: Participant) =>
    open({ recipients: [name], participants: participant ? [participant] : [] });

  return (
    <div className="inbox-popover">
      <div className="popover__header inbox-popover__header">
        <BlogSelector blogs={senders} selected={sender} onSelect={chooseSender} label="Send as" />
        <button
          type="button"
          className="link-button inbox-popover__toggle"
          aria-expanded={composing}
          onClick={() => setInboxMode(composing ? 'list' : 'compose')}
        >
          {composing ? NEVERMIND : COMPOSE_MESSAGE}
        </button>
      </div>
      {composing ? (
        <RecipientPicker onChoose={startWith} />
      ) : (
        <ConversationList
          blog={sender}
          onOpen={(c) => open({ conversationId: c.id, participants: c.participants })}
          onChoose={startWith}
          onCompose={() => setInboxMode('compose')}
        />
      )}
    </div>
  );
}
