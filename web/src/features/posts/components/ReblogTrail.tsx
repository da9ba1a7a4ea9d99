import type { TrailItem } from '../../../api/postModels';
import { Avatar } from '../../../components/Avatar';
import { PostLink } from '../../../components/blogViewerOpener';
import { REBLOG_INLINE_MEDIA_WIDTH } from '../constants';
import { PostHtml } from './PostHtml';

/**
 * What each earlier blog in a reblog's chain added, oldest first (spec 001 §3 Reblog trail
 * item); each blog's name links to the post it added that in, which opens in the blog viewer.
 */
export function ReblogTrail({ trail }: { trail: TrailItem[] }) {
  if (trail.length === 0) return null;
  return (
    <ol
      className="reblog-trail"
      aria-label="Reblog trail"
      style={{ ['--reblog-inline-media-width' as string]: `${REBLOG_INLINE_MEDIA_WIDTH}px` }}
    >
      {trail.map((item) => (
        <li key={item.postId} className="reblog-trail__item">
          <p className="reblog-trail__blog">
            <Avatar url={item.avatarUrl} size={24} />
            {item.permalink ? (
              <PostLink href={item.permalink} className="reblog-trail__name">
                {item.blogName}
              </PostLink>
            ) : (
              <span className="reblog-trail__name">{item.blogName}</span>
            )}
          </p>
          <PostHtml html={item.content} className="reblog-trail__content" />
        </li>
      ))}
    </ol>
  );
}
