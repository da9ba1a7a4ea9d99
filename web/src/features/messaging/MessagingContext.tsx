// Messaging's shared state: which of the user's blogs sends (spec 000 §6), which conversation
// popover is open, and whether the inbox shows its list or compose view. The provider also
// renders the conversation popover, outside the header, so it stays open while the inbox
// closes. Messaging is initialised only for a logged-in user who may message (spec 000 §5).
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Participant } from '../../api/messagingModels';
import type { UserBlog } from '../../api/models';
import { useSession } from '../session';
import { ConversationPopover, type Drafts } from './components/ConversationPopover';
import type { ConversationTarget } from './types';

export type InboxMode = 'list' | 'compose';

export interface Messaging {
  /** The blogs enabled for messaging, selectable as sender. */
  senders: UserBlog[];
  sender: string | null;
  chooseSender(name: string): void;
  conversation: ConversationTarget | null;
  openConversation(target: {
    conversationId?: number;
    recipients?: string[];
    participants?: Participant[];
    sender?: string;
  }): void;
  closeConversation(): void;
  inboxMode: InboxMode;
  setInboxMode(mode: InboxMode): void;
}

const MessagingContext = createContext<Messaging | null>(null);

/** The initial sender: the current blog if it can message, else the first that can. */
function defaultSender(senders: UserBlog[], currentBlog: string | undefined): string | null {
  return (senders.find((b) => b.name === currentBlog) ?? senders[0])?.name ?? null;
}

export function MessagingProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const enabled = Boolean(user?.canMessage);
  const senders = useMemo(() => (user?.blogs ?? []).filter((b) => b.canMessage), [user]);
  const [chosenSender, setChosenSender] = useState<string | null>(null);
  // A chosen sender that is no longer a messaging blog of this user falls back to the default.
  const sender =
    chosenSender && senders.some((b) => b.name === chosenSender)
      ? chosenSender
      : defaultSender(senders, user?.currentBlog);

  const [conversation, setConversation] = useState<ConversationTarget | null>(null);
  const [inboxMode, setInboxMode] = useState<InboxMode>('list');
  const nextKey = useRef(1);
  // A conversation opened in place of another keeps the other's unsent text for its return.
  const drafts = useRef<Drafts>(new Map());

  const openConversation = useCallback<Messaging['openConversation']>(
    (target) => {
      const from = target.sender ?? sender;
      if (!from) return;
      setConversation({
        key: nextKey.current++,
        sender: from,
        conversationId: target.conversationId ?? null,
        recipients: target.recipients ?? [],
        participants: target.participants ?? [],
      });
    },
    [sender],
  );
  const closeConversation = useCallback(() => setConversation(null), []);

  const value = useMemo<Messaging>(
    () => ({
      senders,
      sender,
      chooseSender: setChosenSender,
      conversation,
      openConversation,
      closeConversation,
      inboxMode,
      setInboxMode,
    }),
    [senders, sender, conversation, openConversation, closeConversation, inboxMode],
  );

  return (
    <MessagingContext.Provider value={value}>
      {children}
      {enabled && conversation && (
        <ConversationPopover key={conversation.key} target={conversation} onClose={closeConversation} drafts={drafts.current} />
      )}
    </MessagingContext.Provider>
  );
}

export function useMessaging(): Messaging {
  const messaging = useContext(MessagingContext);
  if (!messaging) throw new Error('useMessaging() must be used inside <MessagingProvider>');
  return messaging;
}
