// An audio post (spec 001 §2, §4 Audio post): a URL (spotify, soundcloud, bandcamp or an
// .mp3) or an uploaded MP3; then the track's ID3 fields, album art, the permission
// confirmation for an upload, and the caption. Removing the media goes back to the start.
import { ALL_INLINE_CONTROLS, PostTextEditor } from '../../editor/PostTextEditor';
import { AUDIO_URL_DEBOUNCE_MS } from '../../constants';
import { useComposerForm } from '../../formContext';
import { audioServiceOf, isWebUrl } from '../../model/urls';
import { ACCEPT } from '../../uploads/uploadRules';
import { UploadProgress } from '../UploadProgress';
import { BodyInput } from './BodyInput';
import { ConfirmPermission } from './ConfirmPermission';
import { FileButton } from '../FileButton';
import { useDebouncedField } from './useDebouncedField';

export function AudioBody() {
  const { post, dispatch, uploads, disabled } = useComposerForm();
  const f = post.fields;
  const url = useDebouncedField(f.url, AUDIO_URL_DEBOUNCE_MS, (value) =>
    dispatch({ type: 'fieldChanged', field: 'url', value: value.trim() }),
  );
  const service = f.preuploadUrl ? 'direct' : audioServiceOf(f.url);
  const uploading = post.uploads.some((u) => u.kind === 'audio');
  const set = (field: 'trackTitle' | 'trackArtist' | 'trackAlbum') => (value: string) =>
    dispatch({ type: 'fieldChanged', field, value });

  const removeMedia = () => {
    for (const field of ['url', 'preuploadUrl', 'trackTitle', 'trackArtist', 'trackAlbum', 'albumArt'] as const) {
      dispatch({ type: 'fieldChanged', field, value: '' });
    }
    dispatch({ type: 'flagChanged', field: 'confirmTos', value: false });
  };

  return (
    <div className="post-body post-body--audio">
      {!f.preuploadUrl && (
        <div className="audio-source">
          <BodyInput
            label="Audio URL"
            placeholder="Paste a Spotify, SoundCloud, Bandcamp or MP3 link"
            value={url.text}
            disabled={disabled || uploading}
            autoFocus
            onChange={url.setText}
            onBlur={url.flush}
          />
          <FileButton label="Upload an MP3" accept={ACCEPT.audio} onFiles={([file]) => void uploads.uploadAudio(file)} disabled={disabled || uploading} />
        </div>
      )}
      <UploadProgress uploads={post.uploads} kinds={['audio', 'albumArt']} />
      {service && (
        <div className="audio-media">
          <p className="audio-media__source">
            {f.preuploadUrl ? <audio controls src={f.preuploadUrl} aria-label="Uploaded audio" /> : <span>{service}: {f.url}</span>}
            <button type="button" className="link-button" disabled={disabled} onClick={removeMedia}>
              Remove audio
            </button>
          </p>
          <BodyInput label="Track title" value={f.trackTitle} disabled={disabled} onChange={set('trackTitle')} />
          <BodyInput label="Artist" value={f.trackArtist} disabled={disabled} onChange={set('trackArtist')} />
          <BodyInput label="Album" value={f.trackAlbum} disabled={disabled} onChange={set('trackAlbum')} />
          <div className="album-art">
            {f.albumArt && !f.removeAlbumArt && isWebUrlOrOwn(f.albumArt) && (
              <img className="album-art__image" src={f.albumArt} alt="Album art" />
            )}
            <FileButton label="Upload album art" accept={ACCEPT.albumArt} onFiles={([file]) => void uploads.uploadAlbumArt(file)} disabled={disabled} />
            {f.albumArt && !f.removeAlbumArt && (
              <button
                type="button"
                className="link-button"
                disabled={disabled}
                onClick={() => dispatch({ type: 'flagChanged', field: 'removeAlbumArt', value: true })}
              >
                Remove album art
              </button>
            )}
          </div>
          {f.preuploadUrl && <ConfirmPermission />}
          <PostTextEditor field="caption" label="Caption" placeholder="Add a caption, if you like" inlineControls={ALL_INLINE_CONTROLS} />
        </div>
      )}
    </div>
  );
}

function isWebUrlOrOwn(url: string): boolean {
  return isWebUrl(url) || /^\/(?!\/)/.test(url);
}
