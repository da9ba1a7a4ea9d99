// The post model as the composer saves it (spec 001 §7): what each field of the save holds,
// by the form's rules (a click-through only for a single photo, a link's URL normalised, an
// empty editor's HTML sent as nothing). api/postSave.ts turns it into the save form of
// POST /svc/post/update (docs/api.md "The save form").
import type { PostSave, SaveContent } from '../../../api/postSave';
import { htmlOrEmpty } from './htmlContent';
import type { PostModel } from './postModel';
import { normalizeLinkUrl } from './urls';

/** The type's words and media, as the save sends them. */
function contentOf(post: PostModel): SaveContent {
  const f = post.fields;
  switch (post.type) {
    case 'text':
      return { type: 'text', title: f.title, body: htmlOrEmpty(f.body) };
    case 'photo':
      return {
        type: 'photo',
        caption: htmlOrEmpty(f.caption),
        // The click-through is for a single photo (§4 Photo form).
        linkthrough: f.photos.length === 1 ? f.linkthrough.trim() : '',
        photos: f.photos.map((p) => ({ id: p.id, url: p.url, caption: p.caption, selfie: p.selfie })),
        layout: f.layout,
      };
    case 'quote':
      return { type: 'quote', quote: f.quote, source: htmlOrEmpty(f.source) };
    case 'link':
      return {
        type: 'link',
        title: f.title,
        url: normalizeLinkUrl(f.url, post.limits.urlChars) || f.url.trim(),
        caption: htmlOrEmpty(f.caption),
        excerpt: f.excerpt,
        author: f.author,
        thumbnail: f.thumbnail,
        removeThumbnail: f.removeThumbnail,
      };
    case 'chat':
      return { type: 'chat', title: f.title, chat: f.chat };
    case 'audio':
      return {
        type: 'audio',
        caption: htmlOrEmpty(f.caption),
        url: f.url.trim(),
        preuploadUrl: f.preuploadUrl,
        confirmTos: f.confirmTos,
        trackTitle: f.trackTitle,
        trackArtist: f.trackArtist,
        trackAlbum: f.trackAlbum,
        albumArt: f.albumArt,
        removeAlbumArt: f.removeAlbumArt,
        copyrightFallback: f.copyrightFallback,
      };
    case 'video':
      return {
        type: 'video',
        embedCode: f.embedCode.trim(),
        caption: htmlOrEmpty(f.caption),
        preuploadUrl: f.preuploadUrl,
        confirmTos: f.confirmTos,
        copyrightFallback: f.copyrightFallback,
      };
    case 'note':
      return { type: 'note', ask: f.ask, answer: htmlOrEmpty(f.answer), caption: htmlOrEmpty(f.caption) };
  }
}

/**
 * The whole save. `utcOffset` is the writer's clock in minutes ahead of UTC, so that the
 * server reads `Next Tuesday, 10am` as the user means it.
 */
export function postSaveOf(post: PostModel, utcOffset: number): PostSave {
  const { social, reblog } = post;
  return {
    blog: post.blog,
    postId: post.postId,
    type: post.type,
    state: post.state,
    publishOn: post.publishOn.trim(),
    postDate: post.postDate.trim(),
    customUrl: post.customUrl.trim(),
    tags: post.tags,
    sourceUrl: post.sourceUrl.trim(),
    editorType: post.editorType,
    allowAnswers: post.allowAnswers,
    allowPhotoReplies: post.allowPhotoReplies,
    sendToTwitter: social.sendToTwitter,
    customTweet: social.customTweet,
    sendToFacebook: social.sendToFacebook,
    utcOffset,
    content: contentOf(post),
    reblog: reblog && {
      of: reblog.reblogId !== null ? { postId: reblog.reblogId, reblogKey: reblog.reblogKey } : null,
      removeReblogTree: post.removeReblogTree,
      comment: htmlOrEmpty(post.fields.caption),
    },
  };
}

/** The browser's clock, in minutes ahead of UTC (getTimezoneOffset counts the other way). */
export function browserUtcOffset(now: Date = new Date()): number {
  return -now.getTimezoneOffset();
}
