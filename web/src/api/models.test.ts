import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fakeApi';
import { wireUserBlog, wireUserModel } from '../test/fixtures';
import { fetchUserInfo } from './endpoints';
import { userInfoFromWire } from './models';

const names = (blogs: { name: string }[] | undefined) => blogs?.map((b) => b.name);

// Someone else's group as the user model lists it: not theirs, no unread count, no messaging.
const othersGroup = (name: string, role: 'admin' | 'member') =>
  wireUserBlog(name, { is_mine: false, member_role: role, member_count: 3, unread_count: 0, can_message: false });

describe("the user model's own blogs and the groups of others", () => {
  it('reads the group fields of each blog', () => {
    const info = userInfoFromWire(
      wireUserModel({ channels: [wireUserBlog('alice', { is_current: true, is_primary: true }), othersGroup('bobs-team', 'member')] }),
    );
    expect(info.user?.blogs[0]).toMatchObject({ name: 'alice', memberRole: null, memberCount: 0 });
    expect(info.user?.groups[0]).toMatchObject({ name: 'bobs-team', memberRole: 'member', memberCount: 3, unreadCount: 0, canMessage: false });
  });

  it('takes the blogs that are the user\'s own as their blogs, in order, and the others as groups, whatever the role', () => {
    const info = userInfoFromWire(
      wireUserModel({
        channels: [
          wireUserBlog('alice', { is_current: true, is_primary: true }),
          wireUserBlog('alice-team', { member_role: 'admin', member_count: 2 }),
          wireUserBlog('alice-art'),
          // An admin of someone else's group: the role alone does not make it theirs.
          othersGroup('bobs-team', 'admin'),
          othersGroup('zines', 'member'),
        ],
      }),
    );
    expect(names(info.user?.blogs)).toEqual(['alice', 'alice-team', 'alice-art']);
    expect(names(info.user?.groups)).toEqual(['bobs-team', 'zines']);
  });

  it('has no groups when every blog is the user\'s own, and no user for a visitor', () => {
    expect(userInfoFromWire(wireUserModel()).user?.groups).toEqual([]);
    expect(userInfoFromWire({ form_key: 'k' })).toEqual({ formKey: 'k', user: null });
  });

  it('reads the user model with the one request, whatever groups it lists', async () => {
    const { client, requests } = fakeApi({
      'GET /svc/user/info': () => ({
        response: wireUserModel({
          channels: [
            wireUserBlog('alice', { is_current: true, is_primary: true }),
            wireUserBlog('alice-team', { member_role: 'admin' }),
            othersGroup('bobs-team', 'admin'),
          ],
        }),
      }),
    });
    const info = await fetchUserInfo(client);
    expect(requests.map((r) => r.path)).toEqual(['/svc/user/info']);
    expect(names(info.user?.blogs)).toEqual(['alice', 'alice-team']);
    expect(names(info.user?.groups)).toEqual(['bobs-team']);
  });
});
