// Group blogs (docs/api.md "Group blogs"): a blog's members page, live over `members:{blog}`,
// with the admins' invitations and controls and any member's leave. The blog pages show it
// under their frame. Making a group is the new blog page's, and answering an invitation the
// activity list's (it is on the first page: what it needs stays out of this lazy feature).
export { GroupMembersSection } from './components/GroupMembersSection';
export { useGroupMembers, type GroupMembersControl } from './useGroupMembers';
