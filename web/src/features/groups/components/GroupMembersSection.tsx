// /blog/{name}/members, Members in the account menu (spec 000 §2.2; docs/api.md "Group
// blogs"): a group blog's members, live; for its admins the invitations and the controls on
// each member; for any member the way out. A blog that is not a group says so, and its owner
// may make it one.
import type { Blog } from '../../../api/models';
import { LoadError } from '../../../components/LoadError';
import { BarLoader } from '../../../components/BarLoader';
import { formatCount } from '../../../lib/format';
import { useGroupMembers } from '../useGroupMembers';
import { ConvertToGroup } from './ConvertToGroup';
import { InviteForm } from './InviteForm';
import { InviteList } from './InviteList';
import { LeaveGroup } from './LeaveGroup';
import { MemberRow } from './MemberRow';

export function GroupMembersSection({ blog }: { blog: Blog }) {
  const group = useGroupMembers(blog.name);
  const members = group.members;
  return (
    <section className="card group-members" aria-labelledby="blog-members">
      <h2 className="section-title" id="blog-members">
        Members
      </h2>
      {group.error !== null ? (
        <LoadError message={group.error} onRetry={group.retry} />
      ) : !members ? (
        <BarLoader label={`Loading ${blog.name} members`} />
      ) : !members.isGroup ? (
        <>
          <p>{blog.name} is not a group blog: only its owner writes on it.</p>
          {blog.isMine && <ConvertToGroup blog={blog} onConvert={group.convert} />}
        </>
      ) : (
        <>
          <p className="muted">
            {members.members.length === 1 ? '1 member' : `${formatCount(members.members.length)} members`}
            {members.yourRole && ` · you are ${members.yourRole === 'admin' ? 'an admin' : 'a member'}`}
          </p>
          <ul className="members-list" aria-label={`${blog.name} members`}>
            {members.members.map((member) => (
              <MemberRow
                key={member.blog.name}
                member={member}
                group={blog.name}
                manage={members.yourRole === 'admin'}
                onSetRole={group.setRole}
                onRemove={group.remove}
              />
            ))}
          </ul>
          {members.yourRole === 'admin' && (
            <>
              <InviteForm group={blog.name} onInvite={group.invite} />
              <InviteList group={blog.name} invites={members.invites} onWithdraw={group.withdraw} />
            </>
          )}
          {members.yourRole && <LeaveGroup group={blog.name} onLeave={group.leave} />}
        </>
      )}
    </section>
  );
}
