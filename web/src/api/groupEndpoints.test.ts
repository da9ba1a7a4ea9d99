import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fakeApi';
import { wireBlog, wireNotification, wireUserBlog, wireUserModel } from '../test/fixtures';
import { wirePost } from '../test/postFixtures';
import {
  convertToGroup,
  createGroup,
  fetchGroupMembers,
  inviteToGroup,
  leaveGroup,
  removeMember,
  respondToInvite,
  setMemberRole,
  withdrawInvite,
} from './groupEndpoints';
import { blogFromWire, notificationFromWire } from './models';
import { postFromWire } from './postModels';
import type { GroupInvite } from './types/GroupInvite';
import type { GroupMember } from './types/GroupMember';

const ann = { name: 'ann', title: 'Ann', avatar_url: '/avatar/ann/128', url: '/blog/ann' };
const carl = { name: 'carl', title: 'Carl', avatar_url: '/avatar/carl/128', url: '/blog/carl' };
const owner: GroupMember = { blog: ann, role: 'admin', is_owner: true, is_you: true, joined_at: 1_795_000_000 };
const invite: GroupInvite = { blog: carl, invited_by: 'ann', invited_at: 1_795_000_100 };

describe('the group models', () => {
  it('reads a members answer into members and invites', async () => {
    const { client, requests } = fakeApi({
      'GET /svc/group/members': () => ({
        response: { blog: 'team', is_group: true, your_role: 'admin', members: [owner], invites: [invite] },
      }),
    });
    expect(await fetchGroupMembers(client, 'team')).toEqual({
      blog: 'team',
      isGroup: true,
      yourRole: 'admin',
      members: [
        {
          blog: { name: 'ann', title: 'Ann', avatarUrl: '/avatar/ann/128', url: '/blog/ann' },
          role: 'admin',
          isOwner: true,
          isYou: true,
          joinedAt: 1_795_000_000,
        },
      ],
      invites: [
        { blog: { name: 'carl', title: 'Carl', avatarUrl: '/avatar/carl/128', url: '/blog/carl' }, invitedBy: 'ann', invitedAt: 1_795_000_100 },
      ],
    });
    expect(requests[0].query.get('tumblelog')).toBe('team');
  });

  it('reads the group fields of a blog, a notification and a post', () => {
    expect(blogFromWire(wireBlog('team', { member_role: 'member', member_count: 3 }))).toMatchObject({ memberRole: 'member', memberCount: 3 });
    const from = { name: 'team', avatar_url_48: '/avatar/team/48', avatar_url_128: '/avatar/team/128', url: '/blog/team', is_friend: false };
    expect(
      notificationFromWire(
        wireNotification(3, { blog: 'alice-art', type: 'group_invite', message: 'invited you to join', from_tumblelog: from, group_invite: { pending: true } }),
      ),
    ).toMatchObject({ blog: 'alice-art', type: 'group_invite', fromBlog: { name: 'team' }, groupInvite: { pending: true } });
    expect(notificationFromWire(wireNotification(4)).groupInvite).toBeNull();
    expect(postFromWire(wirePost(5, { tumblelog: 'team', posted_by: 'ann' })).postedBy).toBe('ann');
    expect(postFromWire(wirePost(6)).postedBy).toBeNull();
  });
});

describe('the group calls', () => {
  it('creates a group with its name, title and the blog the user is known by, answering the user model', async () => {
    const { client, requests } = fakeApi({
      'POST /svc/group/create': () => ({
        response: {
          blog: wireUserBlog('team', { member_role: 'admin', member_count: 1 }),
          user: wireUserModel({
            channels: [wireUserBlog('alice', { is_current: true, is_primary: true }), wireUserBlog('team', { member_role: 'admin', member_count: 1 })],
          }),
        },
      }),
    });
    const created = await createGroup(client, { blogName: 'team', title: '', as: 'alice' });
    expect(created.blogName).toBe('team');
    expect(created.userInfo.user?.blogs.map((b) => b.name)).toEqual(['alice', 'team']);
    expect(requests.map((r) => r.path)).toEqual(['/svc/group/create']);
    const form = requests[0].form;
    expect([form.get('blog_name'), form.get('title'), form.get('as')]).toEqual(['team', null, 'alice']);
  });

  it('converts a blog, invites, withdraws, answers, leaves, removes and sets a role with the fields the server reads', async () => {
    const { client, requests } = fakeApi({
      'POST /svc/group/convert': () => ({ response: wireBlog('alice-art', { is_mine: true, member_role: 'admin', member_count: 1 }) }),
      'POST /svc/group/invite': () => ({ response: { invite } }),
      'POST /svc/group/uninvite': () => ({ response: { invites: [] } }),
      'POST /svc/group/respond': () => ({ response: { accepted: true, group: wireBlog('team', { member_role: 'member' }) } }),
      'POST /svc/group/leave': () => ({ response: { left: true } }),
      'POST /svc/group/remove': () => ({ response: { members: [owner] } }),
      'POST /svc/group/role': () => ({ response: { members: [{ ...owner, role: 'member' }] } }),
    });
    expect((await convertToGroup(client, 'alice-art')).memberRole).toBe('admin');
    expect((await inviteToGroup(client, 'team', 'carl')).blog.name).toBe('carl');
    expect(await withdrawInvite(client, 'team', 'carl')).toEqual([]);
    expect(await respondToInvite(client, { group: 'team', blog: 'alice-art', accept: true })).toMatchObject({
      accepted: true,
      group: { name: 'team', memberRole: 'member' },
    });
    await respondToInvite(client, { group: 'team', blog: 'alice-art', accept: false });
    await leaveGroup(client, 'team');
    expect((await removeMember(client, 'team', 'bob')).map((m) => m.blog.name)).toEqual(['ann']);
    expect((await setMemberRole(client, 'team', 'ann', 'member'))[0].role).toBe('member');
    expect(requests.map((r) => [r.path, Object.fromEntries([...r.form].filter(([k]) => k !== 'form_key'))])).toEqual([
      ['/svc/group/convert', { tumblelog: 'alice-art' }],
      ['/svc/group/invite', { tumblelog: 'team', blog: 'carl' }],
      ['/svc/group/uninvite', { tumblelog: 'team', blog: 'carl' }],
      ['/svc/group/respond', { tumblelog: 'team', blog: 'alice-art', accept: '1' }],
      ['/svc/group/respond', { tumblelog: 'team', blog: 'alice-art', accept: '0' }],
      ['/svc/group/leave', { tumblelog: 'team' }],
      ['/svc/group/remove', { tumblelog: 'team', member: 'bob' }],
      ['/svc/group/role', { tumblelog: 'team', member: 'ann', role: 'member' }],
    ]);
  });
});
