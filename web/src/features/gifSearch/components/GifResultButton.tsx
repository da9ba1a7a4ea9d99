// One result: the GIF scaled to the result's width, and a line of at most 3 of its tags.
// A button: a click or Enter chooses it; the grid moves the focus between them.
import type { KeyboardEvent, Ref } from 'react';
import type { GifImage } from '../../../api/gifSearchEndpoints';
import { scaledHeight, shownTags, TAG_LINE_PX } from '../gifResults';
import type { GifChoice } from '../useChooseGif';

export function GifResultButton({
  gif,
  width,
  focusable,
  phase,
  buttonRef,
  onChoose,
  onKeyDown,
}: {
  gif: GifImage;
  width: number;
  /** The one result Tab stops at (the grid's roving focus). */
  focusable: boolean;
  /** How far choosing it has got, if it is the one chosen. */
  phase: GifChoice['phase'] | null;
  buttonRef: Ref<HTMLButtonElement>;
  onChoose(gif: GifImage): void;
  onKeyDown(e: KeyboardEvent<HTMLButtonElement>): void;
}) {
  const tags = shownTags(gif.postTags)
    .map((tag) => `#${tag}`)
    .join(' ');
  const className = phase ? `gif-result is-${phase}` : 'gif-result';
  return (
    <button
      ref={buttonRef}
      type="button"
      className={className}
      style={{ width }}
      tabIndex={focusable ? 0 : -1}
      // Named outright: browsers join an image's text and the text after it differently.
      aria-label={`GIF from ${gif.postBlog || gif.rootBlog}${tags ? ` ${tags}` : ''}`}
      aria-busy={phase === 'preselected' || undefined}
      onClick={() => onChoose(gif)}
      onKeyDown={onKeyDown}
    >
      <img
        className="gif-result__image"
        src={gif.mediaUrl}
        alt=""
        width={width}
        height={scaledHeight(gif, width)}
        loading="lazy"
        decoding="async"
      />
      <span className="gif-result__tags" style={{ height: TAG_LINE_PX, lineHeight: `${TAG_LINE_PX}px` }}>
        {tags}
      </span>
    </button>
  );
}
