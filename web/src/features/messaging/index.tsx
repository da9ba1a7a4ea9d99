// Private messaging between blogs (spec 000 §2.8, §2.9): the inbox popover under the header's
// messaging tab, the same inbox as a page (/messaging, the phone's way to it), the
// conversation popover, and the routes that open them. The inbox page is not exported here:
// App loads it from its module when first shown (issue 35), and the first page imports this
// index for the provider.
export { InboxPopover as MessagingPopover } from './components/InboxPopover';
export { MessagingProvider, useMessaging } from './MessagingContext';
export { MessagingLinkRoute, type MessagingLink } from './routes';
