// Sharing a post by email (spec 002 §5 Email share): the address (Send waits until it looks
// like one), an optional note with its counter, and whether replies go to the sender,
// remembered for the next share. Only for a signed-in user: a visitor's Email opens the mail
// client instead (ShareOptions).
import { useId, useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { shareByEmail, type ShareModel } from '../../../api/shareEndpoints';
import { readReplyTo, rememberReplyTo } from '../replyToCookie';
import { isEmailAddress, MAX_EMAIL_CHARS, MAX_MESSAGE_CHARS, messageCounter } from '../shareRules';
import { useShareSend } from '../useShareSend';
import { ShareFormFrame } from './ShareFormFrame';

export function EmailShareForm({ model, onSent, onCancel }: { model: ShareModel; onSent(): void; onCancel(): void }) {
  const api = useApi();
  const id = useId();
  const sending = useShareSend(onSent);
  const [address, setAddress] = useState('');
  const [message, setMessage] = useState('');
  const [allowReplyTo, setAllowReplyTo] = useState(readReplyTo);
  const counter = messageCounter(message);

  const send = () =>
    sending.send(() => shareByEmail(api, model, { emailAddress: address.trim(), message, allowReplyTo }));
  const onReplyTo = (allow: boolean) => {
    setAllowReplyTo(allow);
    rememberReplyTo(allow);
  };

  return (
    <ShareFormFrame
      title="Share by email"
      label="Send"
      canSend={isEmailAddress(address)}
      sending={sending}
      onSend={send}
      onCancel={onCancel}
    >
      <label className="share-form__label" htmlFor={`${id}-to`}>
        Email address
      </label>
      <input
        id={`${id}-to`}
        className="field__input"
        type="email"
        autoComplete="email"
        maxLength={MAX_EMAIL_CHARS}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        autoFocus
      />
      <label className="share-form__label" htmlFor={`${id}-message`}>
        Message (optional)
      </label>
      <textarea
        id={`${id}-message`}
        className="field__input share-form__text"
        rows={3}
        maxLength={MAX_MESSAGE_CHARS}
        value={message}
        aria-describedby={counter === null ? undefined : `${id}-left`}
        onChange={(e) => setMessage(e.target.value)}
      />
      {counter !== null && (
        <span id={`${id}-left`} className="share-form__counter" aria-live="polite" data-testid="message-counter">
          {counter}
        </span>
      )}
      <label className="share-form__check">
        <input type="checkbox" checked={allowReplyTo} onChange={(e) => onReplyTo(e.target.checked)} /> Allow replies
      </label>
    </ShareFormFrame>
  );
}
