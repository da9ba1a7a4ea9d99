import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BlogMembersPage } from '.';
import type { GroupInvite } from '../../api/types/GroupInvite';
import type { GroupMember } from '../../api/types/GroupMember';
import type { GroupMembers } from '../../api/types/GroupMembers';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { user, userBlog, wireBlog, wireUserBlog, wireUserModel } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';

function member(name: string, extra: Partial<GroupMember> = {}): GroupMember {
  return {
    blog: { name, title: `${name}'s blog`, avatar_url: `/avatar/${name}/128`, url: `/blog/${name}` },
    role: 'member',
    is_owner: false,
    is_you: false,
    joined_at: 1_795_000_000,
    ...extra,
  };
}

function invite(name: string): GroupInvite {
  return { blog: member(name).blog, invited_by: 'alice', invited_at: 1_795_000_100 };
}

const alice = member('alice', { role: 'admin', is_owner: true, is_you: true });
const bob = member('bob');
const team = (extra: Partial<GroupMembers> = {}): GroupMembers => ({
  blog: 'team',
  is_group: true,
  your_role: 'admin',
  members: [alice, bob],
  invites: [invite('carl')],
  ...extra,
});

const alicesTeam = user({
  blogs: [userBlog('alice', { isCurrent: true, isPrimary: true }), userBlog('team', { memberRole: 'admin', memberCount: 2 })],
});

function renderMembers(name: string, routes: Record<string, FakeRoute>, viewer = alicesTeam) {
  const api = fakeApi({
    'GET /svc/*/posts/highlighted': () => ({ response: { highlighted_posts: [] } }),
    'GET /svc/data/tumblelog': (req) => {
      const blog = req.query.get('tumblelog')!;
      return { response: wireBlog(blog, { is_mine: viewer.blogs.some((b) => b.name === blog) }) };
    },
    ...routes,
  });
  const view = renderWithProviders(<BlogMembersPage name={name} />, {
    client: api.client,
    user: viewer,
    path: `/blog/${name}/members`,
  });
  return { ...api, ...view };
}

const row = (name: string) => {
  const list = screen.getByRole('list', { name: 'team members' });
  return within(list).getAllByRole('listitem').find((li) => li.textContent?.startsWith(name))!;
};

async function confirmDialog(ok: string) {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: ok }));
}

describe('BlogMembersPage, to an admin of the group', () => {
  it('lists the members with their roles and markers, the invitations waiting, and the controls', async () => {
    renderMembers('team', { 'GET /svc/group/members': () => ({ response: team() }) });
    const list = await screen.findByRole('list', { name: 'team members' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(row('alice').textContent).toContain('alice · admin · owner · you');
    expect(within(row('alice')).getByRole('link', { name: 'alice' }).getAttribute('href')).toBe('/blog/alice');
    expect(within(row('alice')).queryByRole('button')).toBeNull();
    expect(row('bob').textContent).toContain('bob · member');
    expect(within(row('bob')).getByRole('button', { name: 'Make admin: bob' })).toBeTruthy();
    expect(within(row('bob')).getByRole('button', { name: 'Remove bob' })).toBeTruthy();
    expect(screen.getByText('2 members · you are an admin')).toBeTruthy();
    const invites = screen.getByRole('list', { name: 'Invitations to team' });
    expect(within(invites).getByText(/invited by alice/)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Invite a blog to team' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave group' })).toBeTruthy();
  });

  it('invites a blog, and says why the server refused one', async () => {
    const { requests } = renderMembers('team', {
      'GET /svc/group/members': () => ({ response: team({ invites: [] }) }),
      'POST /svc/group/invite': (req) =>
        req.form.get('blog') === 'dave'
          ? { response: { invite: invite('dave') } }
          : { status: 409, errors: [{ code: 'already_member', detail: "That blog's owner is a member of 'team' already." }] },
    });
    const form = await screen.findByRole('form', { name: 'Invite a blog to team' });
    fireEvent.change(within(form).getByLabelText('Blog name'), { target: { value: ' bob ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect((await within(form).findByRole('alert')).textContent).toBe("That blog's owner is a member of 'team' already.");

    fireEvent.change(within(form).getByLabelText('Blog name'), { target: { value: 'dave' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    const invites = await screen.findByRole('list', { name: 'Invitations to team' });
    expect(within(invites).getByRole('link', { name: 'dave' })).toBeTruthy();
    expect(within(form).getByRole('status').textContent).toBe('Invited dave.');
    expect((within(form).getByLabelText('Blog name') as HTMLInputElement).value).toBe('');
    const sent = requests.filter((r) => r.path === '/svc/group/invite').map((r) => [r.form.get('tumblelog'), r.form.get('blog')]);
    expect(sent).toEqual([
      ['team', 'bob'],
      ['team', 'dave'],
    ]);
  });

  it('withdraws an invitation', async () => {
    const { requests } = renderMembers('team', {
      'GET /svc/group/members': () => ({ response: team() }),
      'POST /svc/group/uninvite': () => ({ response: { invites: [] } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw the invitation to carl' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Invitations to team' })).toBeNull());
    expect(requests.at(-1)?.form.get('blog')).toBe('carl');
  });

  it('makes a member an admin, and removes one after asking', async () => {
    const { requests } = renderMembers('team', {
      'GET /svc/group/members': () => ({ response: team() }),
      'POST /svc/group/role': () => ({ response: { members: [alice, { ...bob, role: 'admin' }] } }),
      'POST /svc/group/remove': () => ({ response: { members: [alice] } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Make admin: bob' }));
    expect(await within(row('bob')).findByRole('button', { name: 'Make member: bob' })).toBeTruthy();
    expect(row('bob').textContent).toContain('bob · admin');
    const role = requests.find((r) => r.path === '/svc/group/role')!;
    expect([role.form.get('tumblelog'), role.form.get('member'), role.form.get('role')]).toEqual(['team', 'bob', 'admin']);

    fireEvent.click(within(row('bob')).getByRole('button', { name: 'Remove bob' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Remove bob from team?');
    await confirmDialog('Remove');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'team members' })).getAllByRole('listitem')).toHaveLength(1));
    expect(requests.find((r) => r.path === '/svc/group/remove')?.form.get('member')).toBe('bob');
  });

  it('reads the members again when the group says they changed, live', async () => {
    let answer = team();
    const { realtime, requests } = renderMembers('team', { 'GET /svc/group/members': () => ({ response: answer }) });
    await screen.findByRole('list', { name: 'team members' });
    expect(realtime.channels()).toContain('members:team');
    answer = team({ members: [alice, bob, member('dave')], invites: [] });
    act(() => realtime.emit({ channel: 'members:team', seq: 2, event: 'members', data: { blog: 'team', member_count: 3 } }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'team members' })).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('list', { name: 'Invitations to team' })).toBeNull();
    expect(requests.filter((r) => r.path === '/svc/group/members')).toHaveLength(2);
  });
});

describe('BlogMembersPage, to a member', () => {
  const bobs = user({
    name: 'bob',
    primaryBlog: 'bob',
    currentBlog: 'bob',
    blogs: [userBlog('bob', { isCurrent: true, isPrimary: true })],
    groups: [userBlog('team', { memberRole: 'member', memberCount: 2 })],
  });
  const asBob = () => team({ your_role: 'member', members: [{ ...alice, is_you: false }, { ...bob, is_you: true }], invites: [] });

  it('lists the members without controls or invitations, and offers Leave group', async () => {
    renderMembers('team', { 'GET /svc/group/members': () => ({ response: asBob() }) }, bobs);
    await screen.findByRole('list', { name: 'team members' });
    expect(row('bob').textContent).toContain('bob · member · you');
    expect(screen.queryByRole('button', { name: /Make admin|Remove/ })).toBeNull();
    expect(screen.queryByRole('form', { name: /Invite/ })).toBeNull();
    expect(screen.getByText('2 members · you are a member')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave group' })).toBeTruthy();
  });

  it('leaves after asking, and reads the user model again: the group is no longer theirs to write', async () => {
    let answer = asBob();
    const { requests } = renderMembers(
      'team',
      {
        'GET /svc/group/members': () => ({ response: answer }),
        'POST /svc/group/leave': () => {
          answer = team({ your_role: null, members: [{ ...alice, is_you: false }], invites: [] });
          return { response: { left: true } };
        },
        'GET /svc/user/info': () => ({
          response: wireUserModel({ name: 'bob', primary_channel: 'bob', current_channel: 'bob', channels: [wireUserBlog('bob', { is_current: true, is_primary: true })] }),
        }),
      },
      bobs,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Leave group' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Leave team?');
    await confirmDialog('Leave');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Leave group' })).toBeNull());
    expect(screen.getByText('1 member')).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.path === '/svc/user/info')).toBe(true));
  });

  it("shows the server's last_admin refusal", async () => {
    renderMembers('team', {
      'GET /svc/group/members': () => ({ response: team({ members: [alice], invites: [] }) }),
      'POST /svc/group/leave': () => ({
        status: 409,
        errors: [{ code: 'last_admin', detail: "'team' needs an admin: make another member an admin before you leave." }],
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave group' }));
    await confirmDialog('Leave');
    expect((await screen.findByRole('alert')).textContent).toBe("'team' needs an admin: make another member an admin before you leave.");
  });
});

describe('BlogMembersPage, for a blog that is not a group', () => {
  const notGroup = (blog: string): GroupMembers => ({ blog, is_group: false, your_role: null, members: [], invites: [] });
  const aliceArt = user({ blogs: [userBlog('alice', { isCurrent: true, isPrimary: true }), userBlog('alice-art')] });

  it('says so to anyone, and offers nothing but to the owner', async () => {
    renderMembers('bob', { 'GET /svc/group/members': () => ({ response: notGroup('bob') }) });
    expect(await screen.findByText('bob is not a group blog: only its owner writes on it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make this a group blog' })).toBeNull();
  });

  it("tells the owner their main blog stays theirs, pointing to a new group blog", async () => {
    renderMembers('alice', { 'GET /svc/group/members': () => ({ response: notGroup('alice') }) }, aliceArt);
    await screen.findByText('alice is not a group blog: only its owner writes on it.');
    expect(screen.queryByRole('button', { name: 'Make this a group blog' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Make a new group blog' }).getAttribute('href')).toBe('/new/blog');
  });

  it('makes another blog of the owner a group, known in it as their current blog', async () => {
    let answer = notGroup('alice-art');
    const { requests } = renderMembers(
      'alice-art',
      {
        'GET /svc/group/members': () => ({ response: answer }),
        'POST /svc/group/convert': () => {
          answer = { blog: 'alice-art', is_group: true, your_role: 'admin', members: [{ ...alice, blog: member('alice').blog }], invites: [] };
          return { response: wireBlog('alice-art', { is_mine: true, member_role: 'admin', member_count: 1 }) };
        },
        'GET /svc/user/info': () => ({ response: wireUserModel() }),
      },
      aliceArt,
    );
    expect(await screen.findByText(/known in it as alice/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make this a group blog' }));
    expect(await screen.findByRole('form', { name: 'Invite a blog to alice-art' })).toBeTruthy();
    const convert = requests.find((r) => r.path === '/svc/group/convert')!;
    expect([convert.form.get('tumblelog'), convert.form.get('as')]).toEqual(['alice-art', 'alice']);
    // The user model is read again: the blog is a group of theirs now.
    await waitFor(() => expect(requests.some((r) => r.path === '/svc/user/info')).toBe(true));
  });
});
