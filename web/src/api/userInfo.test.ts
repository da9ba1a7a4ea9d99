import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fakeApi';
import { wireBlog, wireUserBlog, wireUserModel } from '../test/fixtures';
import { undecidedOwnership, userInfoFromWire } from './models';
import { userInfoOf } from './userInfo';

const names = (blogs: { name: string }[] | undefined) => blogs?.map((b) => b.name);

describe("the user model's own blogs and the groups of others", () => {
  it('reads the group fields of each blog', () => {
    const info = userInfoFromWire(
      wireUserModel({
        channels: [
          wireUserBlog('alice', { is_current: true, is_primary: true }),
          wireUserBlog('bobs-team', { member_role: 'member', member_count: 3 }),
        ],
      }),
    );
    expect(info.user?.blogs[0]).toMatchObject({ name: 'alice', memberRole: null, memberCount: 0 });
    expect(info.user?.groups[0]).toMatchObject({ name: 'bobs-team', memberRole: 'member', memberCount: 3 });
  });

  it('puts a group the user is a plain member of, and every entry after it, among the groups of others', () => {
    const info = userInfoFromWire(
      wireUserModel({
        channels: [
          wireUserBlog('alice', { is_current: true, is_primary: true }),
          wireUserBlog('alice-team', { member_role: 'admin', member_count: 2 }),
          wireUserBlog('art', { member_role: 'member', member_count: 4 }),
          wireUserBlog('zines', { member_role: 'admin', member_count: 2 }),
        ],
      }),
      // alice-team, undecided by the list alone, was found to be hers.
      new Set(),
    );
    expect(names(info.user?.blogs)).toEqual(['alice', 'alice-team']);
    expect(names(info.user?.groups)).toEqual(['art', 'zines']);
  });

  it('keeps every entry up to the last blog that is not a group (or the current one) as the user\'s own', () => {
    const info = userInfoFromWire(
      wireUserModel({
        current_channel: 'alice-team',
        channels: [
          wireUserBlog('alice', { is_primary: true }),
          wireUserBlog('alice-team', { member_role: 'admin', is_current: true }),
          wireUserBlog('alice-art'),
        ],
      }),
    );
    expect(names(info.user?.blogs)).toEqual(['alice', 'alice-team', 'alice-art']);
    expect(info.user?.groups).toEqual([]);
  });

  it('names the admin groups at the turn as undecided, and takes the ones found to be another\'s as groups', () => {
    const wire = wireUserModel({
      channels: [
        wireUserBlog('alice', { is_current: true, is_primary: true }),
        wireUserBlog('alice-team', { member_role: 'admin' }),
        wireUserBlog('bobs-team', { member_role: 'admin' }),
        wireUserBlog('carols', { member_role: 'member' }),
      ],
    });
    expect(undecidedOwnership(wire)).toEqual(['alice-team', 'bobs-team']);
    const info = userInfoFromWire(wire, new Set(['bobs-team']));
    expect(names(info.user?.blogs)).toEqual(['alice', 'alice-team']);
    expect(names(info.user?.groups)).toEqual(['bobs-team', 'carols']);
    expect(undecidedOwnership({ form_key: 'k' })).toEqual([]);
  });

  it('asks each undecided group whether it is the user\'s, and only those', async () => {
    const { client, requests } = fakeApi({
      'GET /svc/data/tumblelog': (req) => {
        const name = req.query.get('tumblelog')!;
        return { response: wireBlog(name, { is_mine: name === 'alice-team', member_role: 'admin' }) };
      },
    });
    const info = await userInfoOf(
      client,
      wireUserModel({
        channels: [
          wireUserBlog('alice', { is_current: true, is_primary: true }),
          wireUserBlog('alice-team', { member_role: 'admin' }),
          wireUserBlog('bobs-team', { member_role: 'admin' }),
        ],
      }),
    );
    expect(requests.map((r) => r.query.get('tumblelog')).sort()).toEqual(['alice-team', 'bobs-team']);
    // A plain read: the member and activity data are not needed to say whose it is.
    expect(requests.every((r) => r.query.get('include_member_data') === null)).toBe(true);
    expect(names(info.user?.blogs)).toEqual(['alice', 'alice-team']);
    expect(names(info.user?.groups)).toEqual(['bobs-team']);
  });

  it('asks nothing when the list says it all, and takes a group it cannot read as the user\'s own', async () => {
    const { client, requests } = fakeApi({});
    const plain = await userInfoOf(client, wireUserModel());
    expect(requests).toHaveLength(0);
    expect(names(plain.user?.blogs)).toEqual(['alice']);
    const unread = await userInfoOf(
      client,
      wireUserModel({
        channels: [wireUserBlog('alice', { is_current: true, is_primary: true }), wireUserBlog('alice-team', { member_role: 'admin' })],
      }),
    );
    expect(names(unread.user?.blogs)).toEqual(['alice', 'alice-team']);
  });
});
