import type { MouseEvent } from 'react';
import { otherParticipants, participantNames, type Conversation } from '../../../api/messagingModels';
import { Avatar } from '../../../components/Avatar';

/** One conversation in the inbox: who, the last message, bold while unread. */
export function ConversationItem({
  conversation,
  blog,
  onOpen,
}: {
  conversation: Conversation;
  /** The inbox's blog. */
  blog: string;
  onOpen(conversation: Conversation): void;
}) {
  const others = otherParticipants(conversation.participants, blog);
  const last = conversation.lastMessage;
  const onClick = (e: MouseEvent) => {
    // A real link (/conversation/{id}) that opens the popover in place.
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    onOpen(conversation);
  };
  return (
    <li className={conversation.unread ? 'conversation-item is-unread' : 'conversation-item'}>
      <a href={`/conversation/${conversation.id}`} className="conversation-item__link" onClick={onClick}>
        {others[0] && <Avatar url={others[0].avatarUrl} size={40} />}
        <span className="conversation-item__body">
          <span className="conversation-item__names">{participantNames(others)}</span>
          {last && (
            <span className="conversation-item__last">
              {last.participant === blog ? 'You: ' : ''}
              {last.message}
            </span>
          )}
        </span>
        {conversation.unread && <span className="conversation-item__unread visually-hidden">Unread</span>}
      </a>
    </li>
  );
}
