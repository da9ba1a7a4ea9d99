// The messaging inbox (spec 000 §2.8) as a page, at /messaging: the phone's way to the user's
// conversations, from the mobile drawer's Messages. Opening a conversation shows the
// conversation popover over it (the whole screen on a phone, phone-pages.css); closing that comes
// back to this list.
import { PopoverPage } from '../../../components/PopoverPage';
import { useUser } from '../../session';
import { InboxPopover } from './InboxPopover';

/** The popover closes when a conversation opens; the page stays, under the conversation. */
const stayOnThePage = () => {};

export function MessagingPage() {
  const user = useUser();
  return (
    <PopoverPage title="Messages" className="messaging-page">
      {user.canMessage ? (
        <InboxPopover onClose={stayOnThePage} />
      ) : (
        // The page header has no messaging tab for this user (§2.7); a typed-in address says why.
        <p className="muted inbox-popover__none">Messaging is not available to your account.</p>
      )}
    </PopoverPage>
  );
}
