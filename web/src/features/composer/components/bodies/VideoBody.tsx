// A video post (spec 001 §2, §4 Video post): a URL or embed code, or an uploaded file (one
// or the other); its preview as the server embeds it (get_video_data); the permission
// confirmation for an upload; the caption. A preview that fails to play is turned off.
// Removing the media resets the post's video.
import { useEffect, useState } from 'react';
import { sprintf } from '../../../../lib/format';
import { httpUrl, webUrl } from '../../../../lib/webUrl';
import { ALL_INLINE_CONTROLS, PostTextEditor } from '../../editor/PostTextEditor';
import { useComposerForm } from '../../formContext';
import { useVideoEmbed, type VideoEmbed } from '../../hooks/useVideoEmbed';
import { videoSourceProblem } from '../../model/urls';
import { INVALID_EMBED_CODE, INVALID_EMBED_RESPONSE, VIDEO_EMBED_BROKEN, VIDEO_UPLOADED, VIDEO_UPLOADING } from '../../strings';
import { ACCEPT } from '../../uploads/uploadRules';
import { UploadProgress } from '../UploadProgress';
import { BodyInput } from './BodyInput';
import { ConfirmPermission } from './ConfirmPermission';
import { FileButton } from '../FileButton';

/** What the embed field says is wrong (§4 Embed field, §5): empty input just resets. */
function embedProblem(source: string, embed: VideoEmbed, urlChars: number): string | null {
  if (!source) return null;
  const problem = videoSourceProblem(source, urlChars);
  if (problem) return source.startsWith('<') ? INVALID_EMBED_CODE : problem;
  return embed.status === 'invalid' ? INVALID_EMBED_RESPONSE : null;
}

/** The video element of a file, and what shows instead when it cannot play. */
function VideoFile({ src, poster, fallback }: { src: string; poster?: string; fallback?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return fallback ? <p className="muted">{fallback}</p> : null;
  return (
    <video
      className="video-media__player"
      src={src}
      poster={poster || undefined}
      controls
      width={540}
      aria-label="Video preview"
      onError={() => setFailed(true)}
    />
  );
}

export function VideoBody() {
  const { post, dispatch, uploads, disabled } = useComposerForm();
  const f = post.fields;
  const uploading = post.uploads.find((u) => u.kind === 'video');
  const source = f.preuploadUrl ? '' : f.embedCode.trim();
  const urlChars = post.limits.urlChars;
  const embed = useVideoEmbed(source && !videoSourceProblem(source, urlChars) ? source : '');
  const problem = embedProblem(source, embed, urlChars);
  // 'Your video %1$s has been uploaded' names the file as the person chose it, kept from its
  // upload: the stored name is a hash of its bytes (the only name an edit has).
  const [chosenName, setChosenName] = useState('');
  const uploadingName = uploading?.fileName;
  useEffect(() => {
    if (uploadingName) setChosenName(uploadingName);
  }, [uploadingName]);
  const fileName = chosenName || (f.preuploadUrl.split('/').pop() ?? '');

  const removeMedia = () => {
    dispatch({ type: 'fieldChanged', field: 'preuploadUrl', value: '' });
    dispatch({ type: 'fieldChanged', field: 'embedCode', value: '' });
    dispatch({ type: 'flagChanged', field: 'confirmTos', value: false });
  };

  let preview = null;
  if (f.preuploadUrl) {
    // A file that cannot play here leaves only the message that it was uploaded (§8).
    preview = <VideoFile key={f.preuploadUrl} src={webUrl(f.preuploadUrl)} />;
  } else if (embed.status === 'ready') {
    const player = httpUrl(embed.data.previewIframe);
    const file = webUrl(embed.data.url);
    if (player) {
      preview = <iframe className="video-media__player" src={player} title="Video preview" width={540} height={304} allowFullScreen />;
    } else if (file) {
      preview = <VideoFile key={file} src={file} poster={httpUrl(embed.data.thumbnail)} fallback={VIDEO_EMBED_BROKEN} />;
    }
  }

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
            problem={problem}
            onChange={(value) => dispatch({ type: 'fieldChanged', field: 'embedCode', value })}
          />
          <FileButton label="Upload a video" accept={ACCEPT.video} onFiles={([file]) => void uploads.uploadVideo(file)} disabled={disabled} />
        </div>
      )}
      {uploading && <p className="muted">{sprintf(VIDEO_UPLOADING, uploading.fileName)}</p>}
      <UploadProgress uploads={post.uploads} kinds={['video']} />
      {preview && (
        <div className="video-media">
          {f.preuploadUrl && <p className="muted">{sprintf(VIDEO_UPLOADED, fileName)}</p>}
          {preview}
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
