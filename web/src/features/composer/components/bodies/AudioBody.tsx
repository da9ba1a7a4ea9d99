// An audio post (spec 001 §2, §4 Audio post): it starts with the search field and the
// uploader (AudioSearch); a chosen result or URL, or a finished upload, shows the media
// preview with the track's ID3 fields and album art, the permission confirmation for an
// upload, and the caption. Removing the media goes back to the search.
import { ALL_INLINE_CONTROLS, PostTextEditor } from '../../editor/PostTextEditor';
import { useComposerForm } from '../../formContext';
import { useAudioLookup } from '../../hooks/useAudioLookup';
import { audioServiceOf } from '../../model/urls';
import { httpUrl, webUrl } from '../../../../lib/webUrl';
import { UploadProgress } from '../UploadProgress';
import { FileButton } from '../FileButton';
import { ACCEPT } from '../../uploads/uploadRules';
import { AudioSearch } from './AudioSearch';
import { BodyInput } from './BodyInput';
import { ConfirmPermission } from './ConfirmPermission';

/** The player the preview shows: the service's, or the browser's for a file. */
function AudioPreview({ url, player }: { url: string; player: string }) {
  const iframe = httpUrl(player);
  if (iframe) return <iframe className="audio-media__player" src={iframe} title="Audio player" width={540} height={152} />;
  const file = webUrl(url);
  return file ? <audio className="audio-media__player" controls src={file} aria-label="Audio player" /> : <span>{url}</span>;
}

export function AudioBody() {
  const { post, dispatch, uploads, disabled } = useComposerForm();
  const lookUp = useAudioLookup();
  const f = post.fields;
  const source = f.preuploadUrl || f.url;
  const chosen = f.preuploadUrl !== '' || audioServiceOf(f.url, post.limits.urlChars) !== null;
  const set = (field: 'trackTitle' | 'trackArtist' | 'trackAlbum') => (value: string) =>
    dispatch({ type: 'fieldChanged', field, value });

  return (
    <div className="post-body post-body--audio">
      {!chosen && <AudioSearch lookUp={lookUp} />}
      <UploadProgress uploads={post.uploads} kinds={['audio', 'albumArt']} />
      {chosen && (
        <div className="audio-media">
          <AudioPreview url={source} player={f.preuploadUrl ? '' : f.audioPlayer} />
          <button
            type="button"
            className="link-button"
            disabled={disabled}
            onClick={() => dispatch({ type: 'audioMediaRemoved' })}
          >
            Remove audio
          </button>
          <BodyInput label="Track title" value={f.trackTitle} disabled={disabled} onChange={set('trackTitle')} />
          <BodyInput label="Artist" value={f.trackArtist} disabled={disabled} onChange={set('trackArtist')} />
          <BodyInput label="Album" value={f.trackAlbum} disabled={disabled} onChange={set('trackAlbum')} />
          <div className="album-art">
            {f.albumArt && !f.removeAlbumArt && webUrl(f.albumArt) && (
              <img className="album-art__image" src={webUrl(f.albumArt)} alt="Album art" />
            )}
            <FileButton
              label="Upload album art"
              accept={ACCEPT.albumArt}
              onFiles={([file]) => void uploads.uploadAlbumArt(file)}
              disabled={disabled}
            />
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
