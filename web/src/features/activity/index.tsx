// Activity (spec 000 §2.3): the popover under the page header's activity tab, the same as a
// page at /activity (the phone's way to it), and the notification list the blog's activity
// page shares. The page is not exported here: App loads it from its module when first shown
// (issue 35), and the page header imports this index for the popover.
export { ACTIVITY_EMPTY_TEXT, ActivityPopover } from './components/ActivityPopover';
export { INVITE_GONE } from './components/InviteAnswerButtons';
export { NotificationDays } from './components/NotificationDays';
export { useMarkActivityRead } from './useMarkActivityRead';
