// Group blogs (docs/api.md "Group blogs"): a blog's members page, live over `members:{blog}`,
// with the admins' invitations and controls and any member's leave. The blog pages show it
// under their frame; making a group is the new blog page's, answering an invitation the
// activity's.
export { GroupMembersSection } from './components/GroupMembersSection';
export { useGroupMembers, type GroupMembersControl } from './useGroupMembers';
