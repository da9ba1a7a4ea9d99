import type { Photo, PhotoSelfie, PostContent } from '../../../../api/postModels';
import { PHOTOSET_PADDING } from '../../constants';
import { photosetRows, rowAspectRatio } from '../../photoset';
import { PostHtml } from '../PostHtml';
import { ExternalLink } from './ExternalLink';

/** What a webcam picture is called when it has no caption of its own. */
const SELFIE_ALT: Record<PhotoSelfie, string> = { photo: 'Selfie', gif: 'Selfie GIF' };

/**
 * The text a photo is known by: its caption, else what it is (a webcam selfie, in a post of
 * one photo: the post's flag says so of its photo) or its place in the set.
 */
function photoAlt(photo: Photo, index: number, count: number, selfie: PhotoSelfie | null): string {
  if (photo.caption) return photo.caption;
  if (count === 1) return selfie ? SELFIE_ALT[selfie] : 'Photo';
  return `Photo ${index + 1} of ${count}`;
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
                const image = <img src={photo.url} alt={photoAlt(photo, i, photos.length, content.selfie)} loading="lazy" />;
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
