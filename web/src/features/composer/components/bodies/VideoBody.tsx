// A video post (spec 001 §2, §4 Video post): a URL or embed code, or an uploaded file (one
// or the other); its preview; the permission confirmation for an upload; the caption.
import { sprintf } from '../../../../lib/format';
import { ALL_INLINE_CONTROLS, PostTextEditor } from '../../editor/PostTextEditor';
import { useComposerForm } from '../../formContext';
import { videoEmbedUrl, videoSourceProblem } from '../../model/urls';
import { VIDEO_UPLOADED, VIDEO_UPLOADING } from '../../strings';
import { ACCEPT } from '../../uploads/uploadRules';
import { UploadProgress } from '../UploadProgress';
import { BodyInput } from './BodyInput';
import { ConfirmPermission } from './ConfirmPermission';
import { FileButton } from '../FileButton';

/** The player to preview a URL or embed code in, if it has one. */
function previewOf(embed: string): { iframe: string } | { video: string } | null {
  const text = embed.trim();
  if (!text || videoSourceProblem(text)) return null;
  if (text.startsWith('<')) {
    const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(text)?.[1];
    return src ? { iframe: src.startsWith('//') ? `https:${src}` : src } : null;
  }
  if (/\.(mp4|mov|webm|ogv|m4v)$/i.test(new URL(text, window.location.href).pathname)) return { video: text };
  const player = videoEmbedUrl(text);
  return player ? { iframe: player } : null;
}

export function VideoBody() {
  const { post, dispatch, uploads, disabled } = useComposerForm();
  const f = post.fields;
  const uploading = post.uploads.find((u) => u.kind === 'video');
  const preview = f.preuploadUrl ? { video: f.preuploadUrl } : previewOf(f.embedCode);

  const removeMedia = () => {
    dispatch({ type: 'fieldChanged', field: 'preuploadUrl', value: '' });
    dispatch({ type: 'fieldChanged', field: 'embedCode', value: '' });
    dispatch({ type: 'flagChanged', field: 'confirmTos', value: false });
  };

  return (
    <div className="post-body post-body--video">
      {!f.preuploadUrl && !uploading && (
        <div className="video-source">
          <BodyInput
            label="Video URL or embed code"
            placeholder="Paste a URL or embed code"
            multiline
            value={f.embedCode}
            disabled={disabled}
            autoFocus
            // The embed field's invalid state (§4 Embed field): empty just resets.
            problem={f.embedCode.trim() ? videoSourceProblem(f.embedCode) : null}
            onChange={(value) => dispatch({ type: 'fieldChanged', field: 'embedCode', value })}
          />
          <FileButton label="Upload a video" accept={ACCEPT.video} onFiles={([file]) => void uploads.uploadVideo(file)} disabled={disabled} />
        </div>
      )}
      {uploading && <p className="muted">{sprintf(VIDEO_UPLOADING, uploading.fileName)}</p>}
      <UploadProgress uploads={post.uploads} kinds={['video']} />
      {preview && (
        <div className="video-media">
          {f.preuploadUrl && <p className="muted">{sprintf(VIDEO_UPLOADED, f.preuploadUrl.split('/').pop() ?? '')}</p>}
          {'iframe' in preview ? (
            <iframe className="video-media__player" src={preview.iframe} title="Video preview" width={540} height={304} allowFullScreen />
          ) : (
            <video className="video-media__player" src={preview.video} controls width={540} aria-label="Video preview" />
          )}
          <button type="button" className="link-button" disabled={disabled} onClick={removeMedia}>
            Remove video
          </button>
          {f.preuploadUrl && <ConfirmPermission />}
          <PostTextEditor field="caption" label="Caption" placeholder="Add a caption, if you like" inlineControls={ALL_INLINE_CONTROLS} />
        </div>
      )}
    </div>
  );
}
