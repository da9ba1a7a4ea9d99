import { FormErrors } from '../../../components/FormErrors';
import { useAsyncAction } from '../../../lib/useAsyncAction';
import { useDialogs } from '../../dialogs';

/** The leave confirmation: what leaving does, before it is done. */
export function leaveConfirmation(group: string): string {
  return `Leave ${group}? You will no longer be able to post to it.`;
}

/**
 * Any member's way out. The server refuses the group's last admin (`last_admin`: a group
 * keeps one), saying to make another member an admin first; that shows here.
 */
export function LeaveGroup({ group, onLeave }: { group: string; onLeave(): Promise<void> }) {
  const { confirm } = useDialogs();
  const action = useAsyncAction();
  const leave = async () => {
    if (!(await confirm(leaveConfirmation(group), { ok: 'Leave' }))) return;
    await action.run(onLeave);
  };
  return (
    <div className="group-members__leave">
      <button type="button" className="button button--quiet" disabled={action.pending} onClick={() => void leave()}>
        Leave group
      </button>
      <FormErrors errors={action.errors} />
    </div>
  );
}
