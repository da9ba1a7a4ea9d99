// One photo of a photo post, in its place in the photo set (spec 000 §2.11): its preview,
// which is also the handle to drag it elsewhere (or to move it by keyboard: Space, the
// arrows, Space), its remove button, and (in a set of more than one) its caption, in a
// popover (spec 001 §2: per-photo caption popovers).
import { useSortable } from '@dnd-kit/sortable';
import { useId, useRef, useState } from 'react';
import { DONE } from '../../strings';
import { useComposerForm } from '../../formContext';
import type { PhotoItem } from '../../model/postModel';
import { PHOTOSET_ANIMATION_MS, PHOTOSET_GRID_COLUMNS, PHOTOSET_MIN_FULL_WIDTH } from './photosetDrag';
import { Popover } from '../Popover';

/** dnd-kit's transform as CSS (what @dnd-kit/utilities' CSS.Transform writes). */
function transformOf(transform: ReturnType<typeof useSortable>['transform']): string | undefined {
  if (!transform) return undefined;
  return `translate3d(${transform.x}px, ${transform.y}px, 0) scaleX(${transform.scaleX}) scaleY(${transform.scaleY})`;
}

export function PhotoCard({
  photo,
  index,
  inSet,
  rowSize,
  locked,
}: {
  photo: PhotoItem;
  index: number;
  inSet: boolean;
  /** The photos of its row (the layout's digit): it takes that share of the row. */
  rowSize: number;
  /** Dragging is off (the form is disabled, or the set is settling after a drop). */
  locked: boolean;
}) {
  const { post, dispatch, uploads, disabled } = useComposerForm();
  const [captionOpen, setCaptionOpen] = useState(false);
  // A photo narrower than the full-width minimum is not stretched when alone in its row.
  const [narrow, setNarrow] = useState(false);
  const captionRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const sortable = useSortable({
    id: photo.id,
    disabled: locked || disabled,
    transition: { duration: PHOTOSET_ANIMATION_MS, easing: 'ease' },
  });
  const name = `photo ${index + 1}`;
  const src = photo.displayUrl || photo.url;
  const closeCaption = () => {
    setCaptionOpen(false);
    captionRef.current?.focus();
  };
  const classes = ['photo-card', photo.url ? '' : 'is-uploading', sortable.isDragging ? 'is-dragging' : '', narrow && rowSize === 1 ? 'is-narrow' : ''];
  return (
    <li
      ref={sortable.setNodeRef}
      className={classes.filter(Boolean).join(' ')}
      data-row-size={rowSize}
      style={{
        gridColumn: `span ${PHOTOSET_GRID_COLUMNS / rowSize}`,
        // While a photo is dragged, the others slide to their new places, taking the size of
        // each place (rows of one, two or three differ): moved and scaled from their top left.
        transform: transformOf(sortable.transform),
        transition: sortable.transition,
      }}
    >
      <div
        ref={sortable.setActivatorNodeRef}
        className="photo-card__handle"
        {...sortable.attributes}
        {...sortable.listeners}
        aria-label={`Move ${name}`}
      >
        {src ? (
          <img
            className="photo-card__image"
            src={src}
            alt={photo.caption || photo.fileName}
            draggable={false}
            onLoad={(e) => setNarrow(e.currentTarget.naturalWidth < PHOTOSET_MIN_FULL_WIDTH)}
          />
        ) : (
          <div className="photo-card__image" />
        )}
      </div>
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
          onClick={() => uploads.removePhoto(photo.id)}
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
            maxLength={post.limits.photoCaptionChars}
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
