// Flagging (spec 002 §1 "Shared actions on blogs: … flag", §2 the share popover's flagging):
// the one form that reports a post or a blog to the moderators, and the reasons' words, which
// the moderators' queue shows too. It depends on no other feature, so the share popover, the
// blog card, the blog viewer and the queue can all use it.
export { FlagForm } from './components/FlagForm';
export { FLAG_REASONS, reasonLabel } from './flagReasons';
