import type { Photo, PostContent } from '../../../../api/postModels';
import { PHOTOSET_PADDING } from '../../constants';
import { photosetRows, rowAspectRatio } from '../../photoset';
import { PostHtml } from '../PostHtml';
import { ExternalLink } from './ExternalLink';

/** The text a photo is known by: its caption, else its place in the set. */
function photoAlt(photo: Photo, index: number, count: number): string {
  if (photo.caption) return photo.caption;
  return count === 1 ? 'Photo' : `Photo ${index + 1} of ${count}`;
}

/**
 * The photos in the rows the layout gives (spec 000 §3 Photoset), each with its caption; a
 * single photo links to its click-through address. Then the post's caption.
 */
export function PhotoContent({ content }: { content: Extract<PostContent, { type: 'photo' }> }) {
  const { photos } = content;
  const rows = photosetRows(photos, content.layout);
  let index = 0;
  return (
    <>
      <div
        className="photoset"
        role="group"
        aria-label={photos.length === 1 ? 'Photo' : `${photos.length} photos`}
        style={{ ['--photoset-padding' as string]: `${PHOTOSET_PADDING}px` }}
      >
        {rows.map((row, r) => {
          const aspect = rowAspectRatio(row);
          return (
            <div
              key={r}
              className={row.length > 1 ? 'photoset__row photoset__row--several' : 'photoset__row'}
              style={aspect === null ? undefined : { aspectRatio: String(aspect) }}
            >
              {row.map((photo) => {
                const i = index++;
                const image = <img src={photo.url} alt={photoAlt(photo, i, photos.length)} loading="lazy" />;
                return (
                  <figure key={i} className="photoset__photo">
                    {photos.length === 1 && content.linkthrough ? (
                      <ExternalLink href={content.linkthrough}>{image}</ExternalLink>
                    ) : (
                      image
                    )}
                    {photo.caption && photos.length > 1 && (
                      <figcaption className="photoset__caption">{photo.caption}</figcaption>
                    )}
                  </figure>
                );
              })}
            </div>
          );
        })}
      </div>
      <PostHtml html={content.caption} className="post-caption" />
    </>
  );
}
