// The group blog calls (docs/api.md "Group blogs"), one function each, answering client models.
import type { ApiClient } from './client';
import {
  groupInviteFromWire,
  groupMemberFromWire,
  groupMembersFromWire,
  type GroupInvite,
  type GroupMember,
  type GroupMembers,
  type GroupRole,
} from './groupModels';
import { blogFromWire, userInfoFromWire, type Blog, type UserInfo } from './models';
import type { ConvertForm } from './types/ConvertForm';
import type { CreateGroupAnswer } from './types/CreateGroupAnswer';
import type { CreateGroupForm } from './types/CreateGroupForm';
import type { Blog as WireBlog } from './types/Blog';
import type { GroupMembers as WireGroupMembers } from './types/GroupMembers';
import type { InviteAnswer } from './types/InviteAnswer';
import type { InviteForm } from './types/InviteForm';
import type { InvitesAnswer } from './types/InvitesAnswer';
import type { LeaveAnswer } from './types/LeaveAnswer';
import type { LeaveForm } from './types/LeaveForm';
import type { MemberForm } from './types/MemberForm';
import type { MembersAnswer } from './types/MembersAnswer';
import type { MembersQuery } from './types/MembersQuery';
import type { RespondAnswer } from './types/RespondAnswer';
import type { RespondForm } from './types/RespondForm';

/**
 * POST /svc/group/create: a new blog of the user's that is a group of one, they its admin,
 * known there by `as` (one of their blogs; the server's default is their current blog). It
 * answers as a new blog does: the blog's name and the user model with it.
 */
export async function createGroup(
  api: ApiClient,
  fields: { blogName: string; title?: string; as?: string },
): Promise<{ blogName: string; userInfo: UserInfo }> {
  const answer = await api.post<CreateGroupAnswer, CreateGroupForm>('/svc/group/create', {
    blog_name: fields.blogName,
    title: fields.title || undefined,
    as: fields.as || undefined,
  });
  return { blogName: answer.blog.name, userInfo: userInfoFromWire(answer.user) };
}

/** POST /svc/group/convert: one of the user's blogs (not their main one) becomes a group of one. */
export async function convertToGroup(api: ApiClient, blog: string, as?: string): Promise<Blog> {
  const answer = await api.post<WireBlog, ConvertForm>('/svc/group/convert', { tumblelog: blog, as: as || undefined });
  return blogFromWire(answer);
}

/** GET /svc/group/members: any blog's members (none, for a blog that is not a group). */
export async function fetchGroupMembers(api: ApiClient, blog: string): Promise<GroupMembers> {
  // Never from the HTTP cache: it is read again on every `members` event.
  const answer = await api.get<WireGroupMembers, MembersQuery>('/svc/group/members', { tumblelog: blog }, { noCache: true });
  return groupMembersFromWire(answer);
}

/** POST /svc/group/invite: an admin invites `invited` (a blog name) to the group. */
export async function inviteToGroup(api: ApiClient, group: string, invited: string): Promise<GroupInvite> {
  const answer = await api.post<InviteAnswer, InviteForm>('/svc/group/invite', { tumblelog: group, blog: invited });
  return groupInviteFromWire(answer.invite);
}

/** POST /svc/group/uninvite: an admin withdraws an invitation; the ones still waiting. */
export async function withdrawInvite(api: ApiClient, group: string, invited: string): Promise<GroupInvite[]> {
  const answer = await api.post<InvitesAnswer, InviteForm>('/svc/group/uninvite', { tumblelog: group, blog: invited });
  return answer.invites.map(groupInviteFromWire);
}

/**
 * POST /svc/group/respond: the user's invited blog `blog` accepts (joining the group, known
 * there by `blog`) or declines the invitation to `group`.
 */
export async function respondToInvite(
  api: ApiClient,
  fields: { group: string; blog: string; accept: boolean },
): Promise<{ accepted: boolean; group: Blog }> {
  const answer = await api.post<RespondAnswer, RespondForm>('/svc/group/respond', {
    tumblelog: fields.group,
    blog: fields.blog,
    accept: fields.accept ? '1' : '0',
  });
  return { accepted: answer.accepted, group: blogFromWire(answer.group) };
}

/** POST /svc/group/leave: the user stops being a member of the group. */
export async function leaveGroup(api: ApiClient, group: string): Promise<void> {
  await api.post<LeaveAnswer, LeaveForm>('/svc/group/leave', { tumblelog: group });
}

/** POST /svc/group/remove: an admin removes a member (by the member's blog); the members now. */
export async function removeMember(api: ApiClient, group: string, member: string): Promise<GroupMember[]> {
  const answer = await api.post<MembersAnswer, MemberForm>('/svc/group/remove', { tumblelog: group, member });
  return answer.members.map(groupMemberFromWire);
}

/** POST /svc/group/role: an admin makes a member an admin or a member; the members now. */
export async function setMemberRole(
  api: ApiClient,
  group: string,
  member: string,
  role: GroupRole,
): Promise<GroupMember[]> {
  const answer = await api.post<MembersAnswer, MemberForm>('/svc/group/role', { tumblelog: group, member, role });
  return answer.members.map(groupMemberFromWire);
}
