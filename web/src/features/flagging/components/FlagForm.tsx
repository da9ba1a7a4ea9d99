// The form that flags a post or a blog for the moderators (spec 002 §1, §2): one of four
// reasons, a note (needed for 'Something else'), Cancel and Send. The share popover shows it
// for a post, the blog card's menu and the blog viewer's toolbar for a blog. Once the server
// took it, its thanks replace the form; a refusal (a 400's reason, a 429's limit) shows under
// the fields, which keep what was typed.
import { useId, useState, type FormEvent } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { sendFlag, type FlagTarget, type Reason } from '../../../api/flagEndpoints';
import { FormErrors } from '../../../components/FormErrors';
import { useAsyncAction } from '../../../lib/useAsyncAction';
import {
  canSendFlag,
  FLAG_REASONS,
  MAX_FLAG_NOTE_CHARS,
  NOTE_NEEDED,
  noteCharsLeft,
  noteIsMissing,
} from '../flagReasons';

export function FlagForm({
  target,
  onCancel,
  onDone,
}: {
  target: FlagTarget;
  /** Back to where the form was opened from (the share options, the blog's menu, the blog viewer). */
  onCancel(): void;
  /** The person read the thanks and closes them. */
  onDone(): void;
}) {
  const api = useApi();
  const id = useId();
  const action = useAsyncAction();
  const [reason, setReason] = useState<Reason | null>(null);
  const [note, setNote] = useState('');
  const [thanks, setThanks] = useState<string | null>(null);
  const title = target.kind === 'post' ? 'Flag this post' : 'Flag this blog';

  if (thanks !== null) {
    return (
      <div className="flag-form" aria-label={title} role="group">
        <p className="flag-form__thanks" role="status">
          {thanks}
        </p>
        <div className="flag-form__buttons">
          {/* The Send button is gone: the focus goes here rather than to the page. */}
          <button type="button" className="button button--primary" onClick={onDone} autoFocus>
            Close
          </button>
        </div>
      </div>
    );
  }

  const sendable = canSendFlag(reason, note);
  const missingNote = noteIsMissing(reason, note);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSendFlag(reason, note)) return;
    void action.run(async () => {
      const answer = await sendFlag(api, target, { reason, note });
      setThanks(answer.message);
    });
  };

  return (
    <form className="flag-form" aria-label={title} onSubmit={submit} noValidate>
      <h2 className="popover-form__title">{title}</h2>
      <fieldset className="flag-form__reasons">
        <legend className="flag-form__label">Why are you flagging it?</legend>
        {FLAG_REASONS.map((r, i) => (
          <label key={r.reason} className="flag-form__reason">
            <input
              type="radio"
              name={`${id}-reason`}
              value={r.reason}
              checked={reason === r.reason}
              onChange={() => setReason(r.reason)}
              autoFocus={i === 0}
            />{' '}
            {r.label}
          </label>
        ))}
      </fieldset>
      <label className="flag-form__label" htmlFor={`${id}-note`}>
        {reason === 'other' ? 'Note' : 'Note (optional)'}
      </label>
      <textarea
        id={`${id}-note`}
        className="field__input flag-form__note"
        rows={3}
        maxLength={MAX_FLAG_NOTE_CHARS}
        value={note}
        required={reason === 'other'}
        aria-invalid={missingNote || undefined}
        aria-describedby={missingNote ? `${id}-left ${id}-needed` : `${id}-left`}
        onChange={(e) => setNote(e.target.value)}
      />
      <span id={`${id}-left`} className="flag-form__counter" data-testid="note-counter">
        {noteCharsLeft(note)} characters left
      </span>
      {missingNote && (
        <p id={`${id}-needed`} className="flag-form__hint">
          {NOTE_NEEDED}
        </p>
      )}
      <FormErrors errors={action.errors} />
      <div className="flag-form__buttons">
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={!sendable || action.pending}>
          {action.pending ? 'Sending…' : 'Send'}
        </button>
      </div>
    </form>
  );
}
