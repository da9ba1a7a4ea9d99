// What every share form has (spec 002 §4, §5): its fields, Cancel back to the options, and the
// send button with its states; 'Error!' and the server's reasons under it when it failed.
// Ctrl, Meta or Alt with Enter sends from any field.
import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import { isSubmitChord } from '../shareRules';
import { ERROR_LABEL, sendLabel, type ShareSend } from '../useShareSend';

export function ShareFormFrame({
  title,
  label,
  canSend,
  sending,
  onSend,
  onCancel,
  children,
}: {
  /** The form's name: 'Share by email', … */
  title: string;
  /** The send button's own words: 'Send', 'Tweet', 'Share'. */
  label: string;
  /** The fields are valid. */
  canSend: boolean;
  sending: ShareSend;
  onSend(): void;
  onCancel(): void;
  children: ReactNode;
}) {
  const submit = () => {
    if (canSend && !sending.busy) onSend();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!isSubmitChord(e)) return;
    e.preventDefault();
    submit();
  };
  return (
    <form className="share-form" aria-label={title} onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
      <h2 className="popover-form__title">{title}</h2>
      {children}
      {sending.state === 'failed' && (
        <div className="share-form__error" role="alert">
          <strong>{ERROR_LABEL}</strong>
          {sending.errors.map((text, i) => (
            <p key={i} className="form-error">
              {text}
            </p>
          ))}
        </div>
      )}
      <div className="share-form__buttons">
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={!canSend || sending.busy} aria-live="polite">
          {sendLabel(sending.state, label)}
        </button>
      </div>
    </form>
  );
}
