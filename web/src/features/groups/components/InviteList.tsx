import { Link } from 'wouter';
import type { GroupInvite } from '../../../api/groupModels';
import { Avatar } from '../../../components/Avatar';
import { FormErrors } from '../../../components/FormErrors';
import { useAsyncAction } from '../../../lib/useAsyncAction';

/** The invitations waiting for an answer (an admin's to see), each with its Withdraw. */
export function InviteList({
  group,
  invites,
  onWithdraw,
}: {
  group: string;
  invites: GroupInvite[];
  onWithdraw(blog: string): Promise<void>;
}) {
  if (invites.length === 0) return null;
  return (
    <>
      <h3 className="group-members__subtitle">Waiting for an answer</h3>
      <ul className="members-list" aria-label={`Invitations to ${group}`}>
        {invites.map((invite) => (
          <InviteRow key={invite.blog.name} invite={invite} onWithdraw={onWithdraw} />
        ))}
      </ul>
    </>
  );
}

function InviteRow({ invite, onWithdraw }: { invite: GroupInvite; onWithdraw(blog: string): Promise<void> }) {
  const action = useAsyncAction();
  const name = invite.blog.name;
  return (
    <li className="members-list__row">
      <Avatar url={invite.blog.avatarUrl} size={40} />
      <span className="members-list__names">
        <Link to={`/blog/${encodeURIComponent(name)}`} className="members-list__name">
          {name}
        </Link>
        <span className="muted members-list__markers"> · invited by {invite.invitedBy}</span>
      </span>
      <span className="members-list__controls">
        {/* Named for its blog, starting with what it says (WCAG 2.5.3). */}
        <button
          type="button"
          className="button button--quiet"
          aria-label={`Withdraw the invitation to ${name}`}
          disabled={action.pending}
          onClick={() => void action.run(() => onWithdraw(name))}
        >
          Withdraw
        </button>
      </span>
      <FormErrors errors={action.errors} />
    </li>
  );
}
