// The messaging link shapes (spec 000 §2.8): /conversation/{id}, /conversation/new/{name},
// /messaging/conversation/{name} and /messaging/new. Each opens its popover over the dashboard;
// on a phone, which has no header tab for the inbox popover, over the inbox page (/messaging)
// instead, so that closing the conversation leaves the user among their conversations. The
// inbox popover is the page header's: the app, which puts the two together, says how to open
// it (openInboxPopover), so that messaging does not import the header that shows its popover.
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useApi } from '../../api/ApiProvider';
import { ApiError } from '../../api/client';
import * as endpoints from '../../api/endpoints';
import { useIsPhone } from '../mobile';
import { useSession } from '../session';
import { useMessaging } from './MessagingContext';

export type MessagingLink =
  | { kind: 'conversation'; id: number }
  | { kind: 'conversationWith'; name: string }
  | { kind: 'compose' };

export function MessagingLinkRoute({
  link,
  openInboxPopover,
}: {
  link: MessagingLink;
  /** Opens the inbox popover under the page header's messaging tab (the compose link's page). */
  openInboxPopover(): void;
}) {
  const { user } = useSession();
  const api = useApi();
  const { openConversation, setInboxMode, senders, sender } = useMessaging();
  const [, navigate] = useLocation();
  const phone = useIsPhone();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (user?.canMessage) {
      if (link.kind === 'conversation' && Number.isFinite(link.id)) {
        // The link does not say which of the user's blogs takes part: the one chosen to send
        // as is asked first, then the others, and the conversation opens as the first that
        // has it (as the default, to show the error view, when none does).
        const conversationId = link.id;
        const candidates = [sender, ...senders.map((b) => b.name).filter((name) => name !== sender)].filter(
          (name): name is string => name !== null,
        );
        void (async () => {
          for (const name of candidates) {
            try {
              await endpoints.fetchMessages(api, { sender: name, conversationId });
              openConversation({ conversationId, sender: name });
              return;
            } catch (err) {
              if (!(err instanceof ApiError && err.status === 404)) break;
            }
          }
          openConversation({ conversationId });
        })();
      }
      else if (link.kind === 'conversationWith') openConversation({ recipients: [link.name.toLowerCase()] });
      else if (link.kind === 'compose') {
        setInboxMode('compose');
        if (!phone) openInboxPopover();
      }
    }
    navigate(phone && user?.canMessage ? '/messaging' : '/dashboard', { replace: true });
  }, [user, link, openConversation, setInboxMode, openInboxPopover, navigate, phone, api, sender, senders]);

  return null;
}
