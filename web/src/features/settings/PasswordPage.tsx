// Change password (spec 000 §2.12: /settings/password): the current password, the new one
// twice. The server checks the current one and the new one's length (at least 8, as at
// registration); the two new ones must match here first. Once changed, the user's other
// sessions are logged out (docs/api.md), and the page says so.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useApi } from '../../api/ApiProvider';
import { changePassword } from '../../api/passwordEndpoints';
import { Field } from '../../components/Field';
import { FormErrors } from '../../components/FormErrors';
import { useAsyncAction } from '../../lib/useAsyncAction';

export const PASSWORDS_DIFFER = "The new passwords don't match.";
export const PASSWORD_CHANGED = 'Your password is changed. Everywhere else you were logged in, you are logged out.';

export function PasswordPage() {
  const api = useApi();
  const action = useAsyncAction();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [changed, setChanged] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (next !== again) {
      action.setErrors([PASSWORDS_DIFFER]);
      return;
    }
    void action.run(async () => {
      setChanged(false);
      await changePassword(api, current, next);
      setCurrent('');
      setNext('');
      setAgain('');
      setChanged(true);
    });
  };

  return (
    <div className="page page--narrow">
      <h1 className="page__title">Change password</h1>
      <section className="card settings-section">
        <form className="form" onSubmit={submit} aria-label="Change password" noValidate>
          <Field
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
          <Field
            label="New password again"
            type="password"
            autoComplete="new-password"
            value={again}
            onChange={(e) => setAgain(e.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={action.pending || !current || !next}>
            {action.pending ? 'Changing…' : 'Change password'}
          </button>
          <FormErrors errors={action.errors} />
          {changed && (
            <p className="form-success" role="status">
              {PASSWORD_CHANGED}
            </p>
          )}
        </form>
        <p>
          <Link to="/settings">Back to Settings</Link>
        </p>
      </section>
    </div>
  );
}
