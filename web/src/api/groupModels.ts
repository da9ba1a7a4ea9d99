// Group blogs' client models (docs/api.md "Group blogs"), and the one place their wire JSON
// becomes them: a group's members and invitations, and what a member is called there.
import type { GroupBlog as WireGroupBlog } from './types/GroupBlog';
import type { GroupInvite as WireGroupInvite } from './types/GroupInvite';
import type { GroupMember as WireGroupMember } from './types/GroupMember';
import type { GroupMembers as WireGroupMembers } from './types/GroupMembers';
import type { GroupRole } from './types/GroupRole';
import type { MembersChange } from '../protocol/MembersChange';

// The role is one word, the same on the wire and in the client: the model is the generated
// type (api/types/GroupRole.ts, the server's enum), as UnreadCounts is in models.ts.
/** A member's role in a group blog: admins invite, remove and promote; members write. */
export type { GroupRole };

/** A blog as a members list names it: a member by the blog they are known by in the group. */
export interface GroupBlogRef {
  name: string;
  title: string;
  avatarUrl: string;
  url: string;
}

export interface GroupMember {
  blog: GroupBlogRef;
  role: GroupRole;
  /** The group's owner: an admin no one else can remove or demote. */
  isOwner: boolean;
  /** The member is the viewer. */
  isYou: boolean;
  /** When they joined (seconds). */
  joinedAt: number;
}

/** An invitation waiting for the invited blog's answer. */
export interface GroupInvite {
  blog: GroupBlogRef;
  /** The admin's blog that invited it. */
  invitedBy: string;
  invitedAt: number;
}

/** GET /svc/group/members: a blog's members as the viewer may see them. */
export interface GroupMembers {
  blog: string;
  /** False for a blog that is not a group: no members, no invites. */
  isGroup: boolean;
  /** The viewer's role, or null when they are not a member. */
  yourRole: GroupRole | null;
  /** Admins first, then by when they joined. */
  members: GroupMember[];
  /** The invitations waiting: only an admin sees them, anyone else an empty list. */
  invites: GroupInvite[];
}

/** A group's members changed (`members:{blog}`): read them again; the count is the new one. */
export interface GroupMembersChange {
  blog: string;
  memberCount: number;
}

function groupBlogFromWire(w: WireGroupBlog): GroupBlogRef {
  return { name: w.name, title: w.title, avatarUrl: w.avatar_url, url: w.url };
}

export function groupMemberFromWire(w: WireGroupMember): GroupMember {
  return {
    blog: groupBlogFromWire(w.blog),
    role: w.role,
    isOwner: w.is_owner,
    isYou: w.is_you,
    joinedAt: w.joined_at,
  };
}

export function groupInviteFromWire(w: WireGroupInvite): GroupInvite {
  return { blog: groupBlogFromWire(w.blog), invitedBy: w.invited_by, invitedAt: w.invited_at };
}

export function groupMembersFromWire(w: WireGroupMembers): GroupMembers {
  return {
    blog: w.blog,
    isGroup: w.is_group,
    yourRole: w.your_role,
    members: w.members.map(groupMemberFromWire),
    invites: w.invites.map(groupInviteFromWire),
  };
}

export function groupMembersChangeFromWire(w: MembersChange): GroupMembersChange {
  return { blog: w.blog, memberCount: w.member_count };
}
