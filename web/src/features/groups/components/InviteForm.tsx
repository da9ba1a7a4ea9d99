import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/Field';
import { FormErrors } from '../../../components/FormErrors';
import { useAsyncAction } from '../../../lib/useAsyncAction';

/**
 * An admin's invitation: a blog's name. The server's refusals say what stands in the way (no
 * such blog, its owner a member already, invited already, a block between the two) and show
 * under the form; a sent invitation joins the list of those waiting.
 */
export function InviteForm({ group, onInvite }: { group: string; onInvite(blog: string): Promise<void> }) {
  const action = useAsyncAction();
  const [name, setName] = useState('');
  const [sent, setSent] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const invited = name.trim();
    setSent(null);
    void action.run(async () => {
      await onInvite(invited);
      setName('');
      setSent(invited);
    });
  };

  return (
    <form className="group-invite" onSubmit={submit} aria-label={`Invite a blog to ${group}`} noValidate>
      <h3 className="group-members__subtitle">Invite a blog</h3>
      <div className="group-invite__row">
        <Field
          label="Blog name"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint="Its owner can accept from their activity and then post here."
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={action.pending}>
          {action.pending ? 'Inviting…' : 'Invite'}
        </button>
      </div>
      <FormErrors errors={action.errors} />
      {/* Kept in the page, empty, so that a reader hears it when it fills. */}
      <p className="group-invite__sent" role="status">
        {sent && `Invited ${sent}.`}
      </p>
    </form>
  );
}
