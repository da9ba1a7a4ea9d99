// A link post (spec 001 §2, §4 Link form): the URL (taken after a 500 ms pause, http:
// prepended when it has none), looked up for its OpenGraph data (Escape cancels); then,
// once the lookup is done or failed, the link's media (title, summary, author, thumbnail,
// the publisher's host) and the caption. The remove button takes the thumbnail first, then
// the whole link media.
import { useRef } from 'react';
import { ALL_INLINE_CONTROLS, PostTextEditor } from '../../editor/PostTextEditor';
import { useComposerForm } from '../../formContext';
import { LINK_URL_DEBOUNCE_MS } from '../../constants';
import { useOpenGraph } from '../../hooks/useOpenGraph';
import { shownThumbnail } from '../../model/linkMedia';
import { normalizeLinkUrl } from '../../model/urls';
import { LOADING_OPEN_GRAPH } from '../../strings';
import { BodyInput } from './BodyInput';
import { useDebouncedField } from './useDebouncedField';

export function LinkBody() {
  const { post, dispatch, disabled } = useComposerForm();
  const openGraph = useOpenGraph();
  const urlRef = useRef<HTMLInputElement>(null);
  const f = post.fields;
  const urlChars = post.limits.urlChars;
  const url = useDebouncedField(f.url, LINK_URL_DEBOUNCE_MS, (value) => {
    const before = normalizeLinkUrl(f.url, urlChars);
    dispatch({ type: 'fieldChanged', field: 'url', value: value.trim() });
    const given = normalizeLinkUrl(value, urlChars);
    if (given && given !== before) openGraph.lookUp(given);
  });
  const normalized = normalizeLinkUrl(f.url, urlChars);
  const pending = post.openGraph.pending;
  const set = (field: 'title' | 'excerpt' | 'author' | 'thumbnail') => (value: string) =>
    dispatch({ type: 'fieldChanged', field, value });
  const thumbnail = shownThumbnail(post);

  return (
    <div
      className="post-body post-body--link"
      // Escape comes up from the URL field inside.
      role="presentation"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && pending) {
          // Escape cancels the lookup, not the composer.
          e.preventDefault();
          e.stopPropagation();
          openGraph.cancel();
        }
      }}
    >
      <BodyInput
        label="URL"
        placeholder="Type or paste a URL"
        className="body-input--url"
        inputRef={urlRef}
        value={url.text}
        disabled={disabled}
        autoFocus
        onChange={url.setText}
        onBlur={url.flush}
      />
      {pending && (
        <p className="post-body__hint muted" role="status">
          {LOADING_OPEN_GRAPH}
        </p>
      )}
      {normalized && !pending && (
        <>
          <div className="link-media">
            {thumbnail && <img className="link-media__thumbnail" src={thumbnail} alt="" />}
            <p className="link-media__publisher muted">{new URL(normalized).host}</p>
            <BodyInput label="Title" value={f.title} disabled={disabled} onChange={set('title')} />
            <BodyInput label="Summary" multiline value={f.excerpt} disabled={disabled} onChange={set('excerpt')} />
            <BodyInput label="Author" value={f.author} disabled={disabled} onChange={set('author')} />
            <BodyInput
              label="Thumbnail"
              placeholder="Thumbnail image URL"
              value={f.removeThumbnail ? '' : f.thumbnail}
              disabled={disabled}
              onChange={(value) => {
                dispatch({ type: 'flagChanged', field: 'removeThumbnail', value: false });
                set('thumbnail')(value);
              }}
            />
            <button
              type="button"
              className="link-button"
              disabled={disabled}
              onClick={() => {
                dispatch({ type: 'linkMediaRemoved' });
                // With the whole link gone, the URL is what comes next.
                if (!thumbnail) urlRef.current?.focus();
              }}
            >
              {thumbnail ? 'Remove thumbnail' : 'Remove link'}
            </button>
          </div>
          <PostTextEditor field="caption" label="Caption" placeholder="Add a caption, if you like" inlineControls={ALL_INLINE_CONTROLS} />
        </>
      )}
    </div>
  );
}
