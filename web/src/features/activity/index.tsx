// Activity (spec 000 §2.3): the popover under the page header's activity tab, the same as a
// page at /activity (the phone's way to it), and the notification list the blog's activity
// page shares.
export { ACTIVITY_EMPTY_TEXT, ActivityPopover } from './components/ActivityPopover';
export { ActivityPage } from './components/ActivityPage';
export { NotificationDays } from './components/NotificationDays';
export { useMarkActivityRead } from './useMarkActivityRead';
