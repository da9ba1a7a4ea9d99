import type { PostContent } from '../../../../api/postModels';
import { PostHtml } from '../PostHtml';
import { ExternalLink } from './ExternalLink';

/** How the audio services are written (spec 001 §5: spotify, soundcloud, bandcamp). */
const SERVICE_NAMES: Record<string, string> = {
  spotify: 'Spotify',
  soundcloud: 'SoundCloud',
  apple_music: 'Apple Music',
  bandcamp: 'Bandcamp',
};

/**
 * An MP3 plays in the page; a service's track plays in its player when the post carries one
 * (spotify, soundcloud), and is otherwise a link to it there. Then the track's names, its
 * album art, and the caption.
 */
export function AudioContent({ content }: { content: Extract<PostContent, { type: 'audio' }> }) {
  const label = content.trackTitle || 'Audio';
  const service = SERVICE_NAMES[content.service] ?? content.service;
  return (
    <>
      <div className="post-audio">
        {content.albumArt && (
          <img className="post-audio__art" src={content.albumArt} alt={`Album art for ${label}`} loading="lazy" />
        )}
        <div className="post-audio__track">
          {content.trackTitle && <p className="post-audio__title">{content.trackTitle}</p>}
          {content.trackArtist && <p className="post-audio__artist">{content.trackArtist}</p>}
          {content.trackAlbum && <p className="post-audio__album">{content.trackAlbum}</p>}
          {content.service === 'direct' ? (
            content.url && <audio className="post-audio__player" controls preload="none" src={content.url} aria-label={label} />
          ) : content.embedUrl ? (
            <iframe
              className="post-audio__embed"
              src={content.embedUrl}
              title={`${service} player: ${label}`}
              loading="lazy"
              allow="encrypted-media"
              // The player is the service's page: its own origin, scripts for the player, no
              // navigating this tab.
              sandbox="allow-scripts allow-same-origin allow-popups"
              referrerPolicy="strict-origin-when-cross-origin"
            />
          ) : (
            <ExternalLink href={content.url} className="post-audio__listen">
              Listen on {service}
            </ExternalLink>
          )}
        </div>
      </div>
      <PostHtml html={content.caption} className="post-caption" />
    </>
  );
}
