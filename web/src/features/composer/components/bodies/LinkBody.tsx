// A link post (spec 001 §2, §4 Link form): the URL (taken after a 500 ms pause, http:
// prepended when it has none), then title, summary, author, thumbnail and caption.
import { ALL_INLINE_CONTROLS, PostTextEditor } from '../../editor/PostTextEditor';
import { useComposerForm } from '../../formContext';
import { LINK_URL_DEBOUNCE_MS } from '../../constants';
import { isWebUrl, normalizeLinkUrl } from '../../model/urls';
import { BodyInput } from './BodyInput';
import { useDebouncedField } from './useDebouncedField';

export function LinkBody() {
  const { post, dispatch, disabled } = useComposerForm();
  const f = post.fields;
  const url = useDebouncedField(f.url, LINK_URL_DEBOUNCE_MS, (value) =>
    dispatch({ type: 'fieldChanged', field: 'url', value: value.trim() }),
  );
  const normalized = normalizeLinkUrl(f.url);
  const set = (field: 'title' | 'excerpt' | 'author' | 'thumbnail') => (value: string) =>
    dispatch({ type: 'fieldChanged', field, value });
  const thumbnail = !f.removeThumbnail && isWebUrl(f.thumbnail) ? f.thumbnail : '';

  return (
    <div className="post-body post-body--link">
      <BodyInput
        label="URL"
        placeholder="Type or paste a URL"
        className="body-input--url"
        value={url.text}
        disabled={disabled}
        autoFocus
        onChange={url.setText}
        onBlur={url.flush}
      />
      {normalized && (
        <>
          <p className="post-body__hint muted">{normalized}</p>
          <BodyInput label="Title" value={f.title} disabled={disabled} onChange={set('title')} />
          <BodyInput label="Summary" multiline value={f.excerpt} disabled={disabled} onChange={set('excerpt')} />
          <BodyInput label="Author" value={f.author} disabled={disabled} onChange={set('author')} />
          <div className="link-thumbnail">
            {thumbnail && <img className="link-thumbnail__image" src={thumbnail} alt="" />}
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
            {thumbnail && (
              <button
                type="button"
                className="link-button"
                disabled={disabled}
                onClick={() => dispatch({ type: 'flagChanged', field: 'removeThumbnail', value: true })}
              >
                Remove thumbnail
              </button>
            )}
          </div>
          <PostTextEditor field="caption" label="Caption" placeholder="Add a caption, if you like" inlineControls={ALL_INLINE_CONTROLS} />
        </>
      )}
    </div>
  );
}
