// The settings cog and its popover (spec 001 §2 Post-settings popover): custom URL (prefix
// /post/123/), content source, post date (placeholder Now), the replies switch, and the text
// editor (Rich text, HTML, Markdown; hidden for chat posts).
import { useId, useRef, useState } from 'react';
import type { EditorType } from '../../../api/composerModels';
import { useComposerForm } from '../formContext';
import { useEditorTypeSwitch } from '../hooks/useEditorTypeSwitch';
import { CUSTOM_URL_PREFIX, EDITOR_TYPE_LABELS, PHOTO_REPLIES, POST_DATE_PLACEHOLDER } from '../strings';
import { GearIcon } from './icons';
import { Popover } from './Popover';

export function PostSettings() {
  const { post, dispatch, disabled } = useComposerForm();
  const switchEditor = useEditorTypeSwitch();
  const [open, setOpen] = useState(false);
  const cogRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const prefix = post.postId !== null ? `/post/${post.postId}/` : CUSTOM_URL_PREFIX;

  return (
    <div className="post-settings">
      <button
        ref={cogRef}
        type="button"
        className="icon-button post-settings__cog"
        aria-label="Post settings"
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen(!open)}
      >
        <GearIcon />
      </button>
      {open && (
        <Popover label="Post settings" anchorRef={cogRef} onClose={() => setOpen(false)} className="post-settings__popover">
          <div className="post-settings__row">
            <label htmlFor={`${id}-url`}>Custom URL</label>
            <div className="post-settings__url">
              <span className="muted" aria-hidden="true">
                {prefix}
              </span>
              <input
                id={`${id}-url`}
                className="field__input"
                type="text"
                value={post.customUrl}
                aria-describedby={`${id}-url-prefix`}
                onChange={(e) => dispatch({ type: 'settingChanged', setting: 'customUrl', value: e.target.value })}
              />
              <span id={`${id}-url-prefix`} className="visually-hidden">
                after {prefix}
              </span>
            </div>
          </div>
          <div className="post-settings__row">
            <label htmlFor={`${id}-source`}>Content source</label>
            <input
              id={`${id}-source`}
              className="field__input"
              type="url"
              value={post.sourceUrl}
              // The source URL is read-only for reblogs (§5 URLs).
              readOnly={post.reblog !== null}
              onChange={(e) => dispatch({ type: 'settingChanged', setting: 'sourceUrl', value: e.target.value })}
            />
          </div>
          <div className="post-settings__row">
            <label htmlFor={`${id}-date`}>Post date</label>
            <input
              id={`${id}-date`}
              className="field__input"
              type="text"
              value={post.postDate}
              placeholder={POST_DATE_PLACEHOLDER}
              onChange={(e) => dispatch({ type: 'settingChanged', setting: 'postDate', value: e.target.value })}
            />
          </div>
          <label className="post-settings__switch">
            <input
              type="checkbox"
              // A checkbox's own checked state is the switch's (ARIA in HTML forbids aria-checked on it).
              // oxlint-disable-next-line jsx-a11y/role-has-required-aria-props
              role="switch"
              checked={post.allowPhotoReplies}
              onChange={(e) => dispatch({ type: 'photoRepliesChanged', value: e.target.checked })}
            />
            {PHOTO_REPLIES}
          </label>
          {post.type !== 'chat' && (
            <div className="post-settings__row">
              <label htmlFor={`${id}-editor`}>Text editor</label>
              <select
                id={`${id}-editor`}
                className="field__input"
                value={post.editorType}
                onChange={(e) => void switchEditor(e.target.value as EditorType)}
              >
                {(Object.keys(EDITOR_TYPE_LABELS) as EditorType[]).map((type) => (
                  <option key={type} value={type}>
                    {EDITOR_TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
            </div>
          )}
        </Popover>
      )}
    </div>
  );
}
