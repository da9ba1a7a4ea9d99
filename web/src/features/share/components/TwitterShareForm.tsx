// Sharing a post on Twitter (spec 002 §5 Twitter share): the tweet, first the post's words and
// its address's placeholder, with the characters left (each [URL] counts 24; a warning under
// 10). Tweet opens Twitter's window with it and records the share.
import { useId, useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { recordShare, type ShareModel } from '../../../api/shareEndpoints';
import { tweetIsValid, tweetRemaining, TWEET_WARNING_UNDER } from '../shareRules';
import { initialTweet, openShareWindow, tweetIntentUrl } from '../shareWindows';
import { useShareSend } from '../useShareSend';
import { ShareFormFrame } from './ShareFormFrame';

export function TwitterShareForm({ model, onSent, onCancel }: { model: ShareModel; onSent(): void; onCancel(): void }) {
  const api = useApi();
  const id = useId();
  const sending = useShareSend(onSent);
  const [text, setText] = useState(() => initialTweet(model));
  const remaining = tweetRemaining(text);

  const send = () => {
    // Opened in the click itself: a window opened after an answer would be blocked.
    openShareWindow(model.twitter_window, tweetIntentUrl(model, text));
    sending.send(() => recordShare(api, model, 'twitter', { fallback: true }));
  };

  return (
    <ShareFormFrame
      title="Share on Twitter"
      label="Tweet"
      canSend={tweetIsValid(text)}
      sending={sending}
      onSend={send}
      onCancel={onCancel}
    >
      <label className="share-form__label" htmlFor={`${id}-tweet`}>
        Your tweet
      </label>
      <textarea
        id={`${id}-tweet`}
        className="field__input share-form__text"
        rows={4}
        value={text}
        aria-describedby={`${id}-left`}
        onChange={(e) => setText(e.target.value)}
        autoFocus
      />
      <span
        id={`${id}-left`}
        className={remaining < TWEET_WARNING_UNDER ? 'share-form__counter is-warning' : 'share-form__counter'}
        aria-live="polite"
        data-testid="tweet-counter"
      >
        {remaining}
      </span>
    </ShareFormFrame>
  );
}
