import { Link } from 'wouter';
import type { GroupMember, GroupRole } from '../../../api/groupModels';
import { Avatar } from '../../../components/Avatar';
import { FormErrors } from '../../../components/FormErrors';
import { useAsyncAction } from '../../../lib/useAsyncAction';
import { useDialogs } from '../../dialogs';

/** The remove confirmation: what removing does, before it is done. */
export function removeConfirmation(member: string, group: string): string {
  return `Remove ${member} from ${group}? They will no longer be able to post to it.`;
}

/**
 * One member: their blog, role and markers, and for an admin viewing the group the controls
 * the server allows on them. The owner can be neither removed nor demoted by anyone; the
 * viewer leaves rather than removes themselves (the page's Leave group).
 */
export function MemberRow({
  member,
  group,
  manage,
  onSetRole,
  onRemove,
}: {
  member: GroupMember;
  group: string;
  /** The viewer is an admin of the group. */
  manage: boolean;
  onSetRole(member: string, role: GroupRole): Promise<void>;
  onRemove(member: string): Promise<void>;
}) {
  const { confirm } = useDialogs();
  const action = useAsyncAction();
  const name = member.blog.name;
  const canChangeRole = manage && !member.isOwner;
  const canRemove = manage && !member.isOwner && !member.isYou;
  const nextRole: GroupRole = member.role === 'admin' ? 'member' : 'admin';
  const roleLabel = nextRole === 'admin' ? 'Make admin' : 'Make member';

  const remove = async () => {
    if (!(await confirm(removeConfirmation(name, group), { ok: 'Remove' }))) return;
    await action.run(() => onRemove(name));
  };

  return (
    <li className="members-list__row">
      <Avatar url={member.blog.avatarUrl} size={40} />
      <span className="members-list__names">
        <Link to={`/blog/${encodeURIComponent(name)}`} className="members-list__name">
          {name}
        </Link>
        <span className="muted members-list__markers">
          {' · '}
          {member.role}
          {member.isOwner && ' · owner'}
          {member.isYou && ' · you'}
        </span>
      </span>
      {(canChangeRole || canRemove) && (
        <span className="members-list__controls">
          {/* Each named for its member, starting with what it says (WCAG 2.5.3). */}
          {canChangeRole && (
            <button
              type="button"
              className="button button--quiet"
              aria-label={`${roleLabel}: ${name}`}
              disabled={action.pending}
              onClick={() => void action.run(() => onSetRole(name, nextRole))}
            >
              {roleLabel}
            </button>
          )}
          {canRemove && (
            <button
              type="button"
              className="button button--quiet"
              aria-label={`Remove ${name}`}
              disabled={action.pending}
              onClick={() => void remove()}
            >
              Remove
            </button>
          )}
        </span>
      )}
      <FormErrors errors={action.errors} />
    </li>
  );
}
