// The messaging link shapes (spec 000 §2.8): /conversation/{id}, /conversation/new/{name},
// /messaging/conversation/{name} and /messaging/new. Each opens its popover over the dashboard;
// on a phone, which has no header tab for the inbox popover, over the inbox page (/messaging)
// instead, so that closing the conversation leaves the user among their conversations.
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useHeader } from '../header/HeaderContext';
import { useIsPhone } from '../mobile';
import { useSession } from '../session';
import { useMessaging } from './MessagingContext';

export type MessagingLink =
  | { kind: 'conversation'; id: number }
  | { kind: 'conversationWith'; name: string }
  | { kind: 'compose' };

export function MessagingLinkRoute({ link }: { link: MessagingLink }) {
  const { user } = useSession();
  const { openConversation, setInboxMode } = useMessaging();
  const { setPanel } = useHeader();
  const [, navigate] = useLocation();
  const phone = useIsPhone();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (user?.canMessage) {
      if (link.kind === 'conversation' && Number.isFinite(link.id)) openConversation({ conversationId: link.id });
      else if (link.kind === 'conversationWith') openConversation({ recipients: [link.name.toLowerCase()] });
      else if (link.kind === 'compose') {
        setInboxMode('compose');
        if (!phone) setPanel('messaging');
      }
    }
    navigate(phone && user?.canMessage ? '/messaging' : '/dashboard', { replace: true });
  }, [user, link, openConversation, setInboxMode, setPanel, navigate, phone]);

  return null;
}
