// The tweet popover (spec 001 §2): a custom tweet with the characters remaining (the server's
// `limits.tweetChars`, a link counting `limits.shortUrlChars`), truncated as it is typed,
// and Done.
import { useId } from 'react';
import { useComposerForm } from '../formContext';
import { tweetRemaining } from '../model/tweet';
import { DONE } from '../strings';

export function TweetPopover({ onDone }: { onDone(): void }) {
  const { post, dispatch } = useComposerForm();
  const id = useId();
  const remaining = tweetRemaining(post.social.customTweet, post.limits);
  return (
    <div className="tweet-box">
      <label htmlFor={id} className="tweet-box__label">
        Custom tweet
      </label>
      <textarea
        id={id}
        className="tweet-box__text"
        rows={3}
        value={post.social.customTweet}
        aria-describedby={`${id}-remaining`}
        onChange={(e) => dispatch({ type: 'customTweetChanged', text: e.target.value })}
      />
      <div className="tweet-box__footer">
        <span id={`${id}-remaining`} className="tweet-box__remaining" aria-live="polite">
          {remaining}
        </span>
        <button type="button" className="button button--primary" onClick={onDone}>
          {DONE}
        </button>
      </div>
    </div>
  );
}
