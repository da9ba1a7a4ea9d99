import type { PostContent } from '../../../../api/postModels';
import { PostHtml } from '../PostHtml';
import { ExternalLink } from './ExternalLink';
import { VideoPlayer } from './VideoPlayer';

/**
 * A player's page (youtube, or another site's embed) in an iframe; a video file in the app's
 * own player. Then the caption.
 */
export function VideoContent({
  content,
  postId,
}: {
  content: Extract<PostContent, { type: 'video' }>;
  /** The post, for the player's logs. */
  postId?: number;
}) {
  return (
    <>
      <div className="post-video">
        {content.service === 'direct' ? (
          (content.url || content.processed) && <VideoPlayer url={content.url} processed={content.processed} postId={postId} />
        ) : content.embedUrl ? (
          <iframe
            className="post-video__player"
            src={content.embedUrl}
            title="Video player"
            loading="lazy"
            allow="encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            // The player is another site's page: its own origin, scripts for the player, no
            // navigating this tab.
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <ExternalLink href={content.url}>Watch the video</ExternalLink>
        )}
      </div>
      <PostHtml html={content.caption} className="post-caption" />
    </>
  );
}
