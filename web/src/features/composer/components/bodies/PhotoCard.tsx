// One photo of a photo post: its preview, its remove button, and (in a set of more than one)
// its caption, in a popover (spec 001 §2: per-photo caption popovers).
import { useId, useRef, useState } from 'react';
import { DONE } from '../../strings';
import { useComposerForm } from '../../formContext';
import type { PhotoItem } from '../../model/postModel';
import { Popover } from '../Popover';

export function PhotoCard({ photo, index, inSet }: { photo: PhotoItem; index: number; inSet: boolean }) {
  const { post, dispatch, disabled } = useComposerForm();
  const [captionOpen, setCaptionOpen] = useState(false);
  const captionRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const name = `photo ${index + 1}`;
  const src = photo.displayUrl || photo.url;
  const closeCaption = () => {
    setCaptionOpen(false);
    captionRef.current?.focus();
  };
  return (
    <li className={photo.url ? 'photo-card' : 'photo-card is-uploading'}>
      {src ? <img className="photo-card__image" src={src} alt={photo.caption || photo.fileName} /> : <div className="photo-card__image" />}
      <div className="photo-card__actions">
        {inSet && (
          <button
            ref={captionRef}
            type="button"
            className="button button--quiet photo-card__caption-button"
            aria-label={`Caption for ${name}`}
            aria-haspopup="dialog"
            aria-expanded={captionOpen}
            disabled={disabled}
            onClick={() => setCaptionOpen(!captionOpen)}
          >
            Caption
          </button>
        )}
        <button
          type="button"
          className="icon-button photo-card__remove"
          aria-label={`Remove ${name}`}
          disabled={disabled}
          onClick={() => dispatch({ type: 'photoRemoved', id: photo.id })}
        >
          ×
        </button>
      </div>
      {captionOpen && (
        <Popover label={`Caption for ${name}`} anchorRef={captionRef} onClose={() => setCaptionOpen(false)} className="photo-card__popover">
          <label htmlFor={id} className="visually-hidden">
            Caption for {name}
          </label>
          <textarea
            id={id}
            rows={3}
            value={photo.caption}
            maxLength={post.limits.photo_caption_chars}
            onChange={(e) => dispatch({ type: 'photoCaptionChanged', id: photo.id, caption: e.target.value })}
          />
          <button type="button" className="button button--primary" onClick={closeCaption}>
            {DONE}
          </button>
        </Popover>
      )}
    </li>
  );
}
