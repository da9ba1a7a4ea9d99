// Group blogs (docs/api.md "Group blogs"): a blog's members page, live over `members:{blog}`,
// with the admins' invitations and controls and any member's leave. The blog pages show it
// under their frame, the activity list a group_invite's Accept and Decline; making a group
// is the new blog page's.
export { GroupMembersSection } from './components/GroupMembersSection';
export { INVITE_GONE, InviteAnswerButtons } from './components/InviteAnswerButtons';
export { useGroupMembers, type GroupMembersControl } from './useGroupMembers';
