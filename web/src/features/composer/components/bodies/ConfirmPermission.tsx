// The permission confirmation of an uploaded audio or video file (spec 001 §5: 'You must
// agree that you have permission to share this file.' until it is on).
import { useComposerForm } from '../../formContext';

export function ConfirmPermission() {
  const { post, dispatch, disabled } = useComposerForm();
  return (
    <label className="confirm-permission">
      <input
        type="checkbox"
        // A checkbox's own checked state is the switch's (ARIA in HTML forbids aria-checked on it).
        // oxlint-disable-next-line jsx-a11y/role-has-required-aria-props
        role="switch"
        checked={post.fields.confirmTos}
        disabled={disabled}
        onChange={(e) => dispatch({ type: 'flagChanged', field: 'confirmTos', value: e.target.checked })}
      />
      I have permission to share this file.
    </label>
  );
}
