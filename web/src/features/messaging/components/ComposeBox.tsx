import { useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { MESSAGE_CANNOT_BE_EMPTY, NEW_MESSAGE } from '../constants';

/**
 * The message box (spec 000 §2.9, §5): Send is disabled while the text is empty; Enter sends
 * (Shift+Enter starts a new line). The draft lives with the caller, which asks before closing
 * over unsent text.
 */
export function ComposeBox({
  draft,
  onDraftChange,
  onSend,
  disabled = false,
  sending = false,
  inputRef,
}: {
  draft: string;
  onDraftChange(text: string): void;
  /** Resolves false when sending failed: the text comes back into the box. */
  onSend(text: string): Promise<boolean>;
  disabled?: boolean;
  sending?: boolean;
  /** The text box, for the conversation to give it the focus when it opens. */
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  const [invalid, setInvalid] = useState(false);
  const empty = draft.trim() === '';

  const submit = async () => {
    if (empty) {
      setInvalid(true);
      return;
    }
    if (disabled || sending) return;
    const text = draft.trim();
    onDraftChange('');
    if (!(await onSend(text))) onDraftChange(text);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form className="compose-box" onSubmit={onSubmit} aria-label="Send a message">
      <textarea
        ref={inputRef}
        className="compose-box__input"
        placeholder={NEW_MESSAGE}
        aria-label={NEW_MESSAGE}
        aria-invalid={invalid && empty}
        rows={2}
        value={draft}
        disabled={disabled}
        onChange={(e) => {
          onDraftChange(e.target.value);
          setInvalid(false);
        }}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="button compose-box__send" disabled={empty || disabled || sending}>
        Send
      </button>
      {invalid && empty && (
        <p className="form-error compose-box__error" role="alert">
          {MESSAGE_CANNOT_BE_EMPTY}
        </p>
      )}
    </form>
  );
}
