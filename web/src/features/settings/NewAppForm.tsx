// Making an app: its name, and Make a token. The server's reason shows under the form when it
// refuses (an empty or long name, a name already given, too many apps).
import { useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { FormErrors } from '../../components/FormErrors';
import { useAsyncAction } from '../../lib/useAsyncAction';

export function NewAppForm({ create }: { create(name: string): Promise<void> }) {
  const action = useAsyncAction();
  const [name, setName] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      await create(name.trim());
      setName('');
    });
  };

  return (
    <form className="form apps-settings__form" onSubmit={submit} aria-label="Make an app token" noValidate>
      <Field
        label="App name"
        autoComplete="off"
        hint="1 to 50 characters. Its posts say 'Posted with' this name."
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <button type="submit" className="button button--primary" disabled={action.pending}>
        {action.pending ? 'Making…' : 'Make a token'}
      </button>
      <FormErrors errors={action.errors} />
    </form>
  );
}
