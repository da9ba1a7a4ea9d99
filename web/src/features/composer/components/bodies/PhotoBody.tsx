// A photo post (spec 001 §2, §4 Photo form): the photos (uploaded or from the web, up to 10) in
// the photo set editor (rows, layout, reorder), the click-through URL for a single photo,
// per-photo captions in a set, and the caption.
import { ALL_INLINE_CONTROLS, PostTextEditor } from '../../editor/PostTextEditor';
import { useComposerForm } from '../../formContext';
import { PhotosetEditor } from '../photoset/PhotosetEditor';
import { UploadProgress } from '../UploadProgress';
import { BodyInput } from './BodyInput';
import { PhotoSources } from './PhotoSources';

export function PhotoBody() {
  const { post, dispatch, data, uploads, disabled } = useComposerForm();
  const { photos } = post.fields;
  const canAdd = photos.length < data.limits.photosPerPost;
  // Caption shown if there are photos, a caption or tags (§4 Photo form).
  const captionShown = photos.length > 0 || post.fields.caption !== '' || post.tags.length > 0;
  return (
    <div className="post-body post-body--photo">
      {photos.length > 0 && <PhotosetEditor />}
      <UploadProgress uploads={post.uploads} kinds={['photo']} />
      {canAdd && (
        <PhotoSources
          onFiles={uploads.addPhotoFiles}
          onSelfie={(file, selfie) => uploads.addPhotoFiles([file], selfie)}
          onUrl={(url) => void uploads.addPhotoUrl(url)}
          onGif={(gif) => uploads.addFoundGif(gif.mediaUrl)}
          urlChars={data.limits.urlChars}
          disabled={disabled}
        />
      )}
      {photos.length === 1 && (
        <BodyInput
          label="Click-through link"
          placeholder="Click-through link"
          value={post.fields.linkthrough}
          disabled={disabled}
          onChange={(value) => dispatch({ type: 'fieldChanged', field: 'linkthrough', value })}
        />
      )}
      {captionShown && <PostTextEditor field="caption" label="Caption" placeholder="Add a caption, if you like" inlineControls={ALL_INLINE_CONTROLS} />}
    </div>
  );
}
