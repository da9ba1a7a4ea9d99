// The share popover's options list (spec 002 §2, §3), each as its show_* flag says: Email,
// Twitter, Facebook and Embed open their forms; Permalink is the post's address, with Copy;
// Pinterest and Reddit open their networks' windows. A visitor's Email opens the mail client
// (§5: the form needs a signed-in user). A window or the mail client is recorded as a fallback.
// Last, for someone signed in looking at another's post, 'Flag this post' opens the flag form.
import { useEffect, useRef } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { recordShare, type ShareModel, type ShareNetwork, type ShareWindow } from '../../../api/shareEndpoints';
import { mailtoUrl, openShareWindow } from '../shareWindows';
import { ERROR_LABEL, SENT_LABEL, SENDING_LABEL, useShareSend } from '../useShareSend';
import { CopyButton } from '../../../components/CopyButton';

/** The options that open a form in the popover. */
export type ShareFormMode = 'email' | 'twitter' | 'facebook' | 'embed' | 'flag';

export function ShareOptions({
  model,
  focusOn,
  onChoose,
  onSent,
}: {
  model: ShareModel;
  /** The form the person came back from: its option takes the focus. */
  focusOn: ShareFormMode | null;
  onChoose(mode: ShareFormMode): void;
  onSent(): void;
}) {
  const api = useApi();
  const recording = useShareSend(onSent);
  const list = useRef<HTMLUListElement>(null);
  // Back from a form, its option has the focus; loaded while the popover itself had it, the
  // first option takes it.
  useEffect(() => {
    const options = list.current;
    if (!options) return;
    const chosen = focusOn ? options.querySelector<HTMLElement>(`[data-share-option="${focusOn}"]`) : null;
    if (chosen) chosen.focus();
    else if (document.activeElement === options.closest('[role="dialog"]')) {
      options.querySelector<HTMLElement>('a[href], button')?.focus();
    }
  }, [focusOn]);

  const record = (network: ShareNetwork) => recording.send(() => recordShare(api, model, network, { fallback: true }));
  const openWindow = (network: ShareNetwork, share: ShareWindow) => {
    openShareWindow(share);
    record(network);
  };
  const form = (mode: ShareFormMode, label: string) => (
    <li>
      <button type="button" className="share-options__item" data-share-option={mode} onClick={() => onChoose(mode)}>
        {label}
      </button>
    </li>
  );

  return (
    <>
      <ul className="share-options" ref={list} aria-label="Share options">
        {model.show_email &&
          (model.has_user ? (
            form('email', 'Email')
          ) : (
            <li>
              {/* The link itself opens the mail client; the share is recorded beside it. */}
              <a className="share-options__item" href={mailtoUrl(model)} data-share-option="email" onClick={() => record('email')}>
                Email
              </a>
            </li>
          ))}
        {model.show_twitter && form('twitter', 'Twitter')}
        {model.show_facebook && form('facebook', 'Facebook')}
        {model.show_embed && form('embed', 'Embed')}
        {model.show_permalink && (
          <li className="share-options__permalink">
            <a className="share-options__item" href={model.post_url} target="_blank" rel="noopener noreferrer">
              {model.permalink_label || 'Permalink'}
            </a>
            <CopyButton text={model.post_url} className="link-button share-options__copy" />
          </li>
        )}
        {model.show_pinterest && (
          <li>
            <button
              type="button"
              className="share-options__item"
              onClick={() => openWindow('pinterest', model.pinterest_share_window)}
            >
              Pinterest
            </button>
          </li>
        )}
        {model.show_reddit && (
          <li>
            <button type="button" className="share-options__item" onClick={() => openWindow('reddit', model.reddit_window)}>
              Reddit
            </button>
          </li>
        )}
        {model.show_flagging && form('flag', 'Flag this post')}
      </ul>
      {recording.state !== 'idle' && (
        <div className="share-options__status" role={recording.state === 'failed' ? 'alert' : 'status'}>
          {recording.state === 'sending' && SENDING_LABEL}
          {recording.state === 'sent' && SENT_LABEL}
          {recording.state === 'failed' && [ERROR_LABEL, ...recording.errors].join(' ')}
        </div>
      )}
    </>
  );
}
