// The post model as the save form of POST /svc/post/update (spec 001 §7, docs/api.md "The
// save form"): the generic fields post[one|two|three] mapped per type, and each type's own.
import type { SaveFields } from '../../../api/types/SaveFields';
import { htmlOrEmpty } from './htmlContent';
import type { PostModel } from './postModel';
import { STATE_CODES } from './postStates';
import { normalizeLinkUrl } from './urls';

const flag = (value: boolean) => (value ? '1' : '0');

/** post[one], post[two], post[three] and the type's own fields. */
function typeFields(post: PostModel): SaveFields {
  const f = post.fields;
  if (post.reblog) {
    // A reblog's comment is post[two]; a note's is post[three], its caption, since the
    // answer is the original's.
    return post.type === 'note' ? { 'post[three]': htmlOrEmpty(f.caption) } : { 'post[two]': htmlOrEmpty(f.caption) };
  }
  switch (post.type) {
    case 'text':
      return { 'post[one]': f.title, 'post[two]': htmlOrEmpty(f.body) };
    case 'photo': {
      const fields: SaveFields = {
        'post[two]': htmlOrEmpty(f.caption),
        // The click-through is for a single photo (§4 Photo form).
        'post[three]': f.photos.length === 1 ? f.linkthrough.trim() : '',
        'post[photoset_order]': f.photos.map((p) => p.id).join(','),
        'post[photoset_layout]': f.layout,
        // §7: the server keeps one answer per post (its content's `selfie`), so these say
        // whether any of its photos is a webcam snapshot, or the webcam's GIF.
        is_selfie: flag(f.photos.some((p) => p.selfie === 'photo')),
        is_selfie_gif: flag(f.photos.some((p) => p.selfie === 'gif')),
      };
      for (const photo of f.photos) {
        fields[`images[${photo.id}]`] = photo.url;
        fields[`caption[${photo.id}]`] = photo.caption;
      }
      return fields;
    }
    case 'quote':
      return { 'post[one]': f.quote, 'post[two]': htmlOrEmpty(f.source) };
    case 'link':
      return {
        'post[one]': f.title,
        'post[two]': normalizeLinkUrl(f.url, post.limits.url_chars) || f.url.trim(),
        'post[three]': htmlOrEmpty(f.caption),
        excerpt: f.excerpt,
        author: f.author,
        thumbnail: f.removeThumbnail ? '' : f.thumbnail,
        remove_thumbnail: flag(f.removeThumbnail),
      };
    case 'chat':
      return { 'post[one]': f.title, 'post[two]': f.chat };
    case 'audio':
      return {
        'post[two]': htmlOrEmpty(f.caption),
        'post[three]': f.preuploadUrl ? '' : f.url.trim(),
        preuploaded_url: f.preuploadUrl || undefined,
        confirm_tos: flag(f.confirmTos),
        'id3_tags[title]': f.trackTitle,
        'id3_tags[artist]': f.trackArtist,
        'id3_tags[album]': f.trackAlbum,
        album_art: f.removeAlbumArt ? '' : f.albumArt,
        remove_album_art: flag(f.removeAlbumArt),
        copyright_fallback: flag(f.copyrightFallback),
      };
    case 'video':
      return {
        'post[one]': f.preuploadUrl ? '' : f.embedCode.trim(),
        'post[two]': htmlOrEmpty(f.caption),
        preuploaded_url: f.preuploadUrl || undefined,
        confirm_tos: flag(f.confirmTos),
        copyright_fallback: flag(f.copyrightFallback),
      };
    case 'note':
      return { 'post[one]': f.ask, 'post[two]': htmlOrEmpty(f.answer), 'post[three]': htmlOrEmpty(f.caption) };
  }
}

/**
 * The whole save form. `utcOffset` is the writer's clock in minutes ahead of UTC, so that
 * the server reads `Next Tuesday, 10am` as the user means it.
 */
export function saveFormFields(post: PostModel, utcOffset: number): SaveFields {
  const social = post.social;
  const fields: SaveFields = {
    channel_id: post.blog,
    'post[type]': post.type,
    'post[state]': STATE_CODES[post.state],
    is_private: flag(post.state === 'private'),
    // Any option but schedule clears publish_on (§4 Save dropdown behaviour).
    'post[publish_on]': post.state === 'scheduled' ? post.publishOn.trim() : undefined,
    'post[date]': post.postDate.trim() || undefined,
    'post[slug]': post.customUrl.trim(),
    'post[tags]': post.tags.join(','),
    'post[source_url]': post.sourceUrl.trim(),
    editor_type: post.editorType,
    allow_answers: flag(post.allowAnswers),
    allow_photo_replies: flag(post.allowPhotoReplies),
    send_to_twitter: flag(social.sendToTwitter),
    custom_tweet: social.sendToTwitter ? social.customTweet : undefined,
    send_to_fbog: flag(social.sendToFacebook),
    utc_offset: String(utcOffset),
    ...typeFields(post),
  };
  if (post.postId !== null) fields.post_id = String(post.postId);
  if (post.reblog) {
    // Editing a reblog says so too: its words are a comment, its media the reblogged post's.
    fields.reblog = flag(true);
    if (post.reblog.reblogId !== null) {
      fields.reblog_post_id = String(post.reblog.reblogId);
      fields.reblog_key = post.reblog.reblogKey;
    }
    fields.remove_reblog_tree = flag(post.removeReblogTree);
  }
  return fields;
}

/** The browser's clock, in minutes ahead of UTC (getTimezoneOffset counts the other way). */
export function browserUtcOffset(now: Date = new Date()): number {
  return -now.getTimezoneOffset();
}
