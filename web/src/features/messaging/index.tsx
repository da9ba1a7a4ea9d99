// Private messaging between blogs (spec 000 §2.8, §2.9): the inbox popover under the header's
// messaging tab, the conversation popover, and the routes that open them.
export { InboxPopover as MessagingPopover } from './components/InboxPopover';
export { MessagingProvider, useMessaging } from './MessagingContext';
export { MessagingLinkRoute } from './routes';
