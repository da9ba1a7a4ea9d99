// Sharing to Twitter and Facebook (spec 001 §4 Social sharing): shown in new or reblog mode,
// or while the post is neither published nor private; each only if the chosen blog can send
// there. Turning Twitter on opens the tweet box.
import { useRef, useState } from 'react';
import { useComposerForm } from '../formContext';
import { Popover } from './Popover';
import { TweetPopover } from './TweetPopover';

export function SocialButtons() {
  const { post, dispatch, data, disabled } = useComposerForm();
  const [tweetOpen, setTweetOpen] = useState(false);
  const twitterRef = useRef<HTMLButtonElement>(null);
  const channel = data.blogs.find((c) => c.name === post.blog);
  const shown = post.mode !== 'edit' || (post.state !== 'published' && post.state !== 'private');
  if (!shown || !channel || (!channel.canSendToTwitter && !channel.canSendToFacebook)) return null;
  // A private post is not shared: the toggles are off and wait (the reducer remembers them).
  const privatePost = post.state === 'private';

  const closeTweet = () => {
    setTweetOpen(false);
    dispatch({ type: 'tweetBoxClosed' });
    twitterRef.current?.focus();
  };

  return (
    <div className="social-buttons" role="group" aria-label="Share">
      {channel.canSendToTwitter && (
        <>
          <button
            ref={twitterRef}
            type="button"
            className="social-buttons__toggle social-buttons__toggle--twitter"
            aria-label="Share to Twitter"
            aria-pressed={post.social.sendToTwitter}
            aria-haspopup="dialog"
            aria-expanded={tweetOpen}
            disabled={disabled || privatePost}
            onClick={() => {
              const on = !post.social.sendToTwitter;
              dispatch({ type: 'twitterToggled', on });
              setTweetOpen(on);
            }}
          >
            <span aria-hidden="true">t</span>
          </button>
          {tweetOpen && (
            <Popover label="Tweet" anchorRef={twitterRef} onClose={closeTweet} className="social-buttons__popover">
              <TweetPopover onDone={closeTweet} />
            </Popover>
          )}
        </>
      )}
      {channel.canSendToFacebook && (
        <button
          type="button"
          className="social-buttons__toggle social-buttons__toggle--facebook"
          aria-label="Share to Facebook"
          aria-pressed={post.social.sendToFacebook}
          disabled={disabled || privatePost}
          onClick={() => dispatch({ type: 'facebookToggled', on: !post.social.sendToFacebook })}
        >
          <span aria-hidden="true">f</span>
        </button>
      )}
    </div>
  );
}
