// A post as the composer saves it, and the one place where it becomes the save form of
// POST /svc/post/update (spec 001 §7, docs/api.md "The save form"): the generic fields
// post[one|two|three] mapped per type, each type's own fields, and every value as text.
// The composer decides what each field holds (features/composer/model/saveForm.ts); this
// knows only how the server names it.
import type { EditorType, PhotoSelfie } from './composerModels';
import type { PostState, PostType } from './postModels';
import type { FormKeyField } from './types/FormKeyField';
import type { SaveFields } from './types/SaveFields';

/** What the post says, by its type (the words of a reblog are its comment alone). */
export type SaveContent =
  | { type: 'text'; title: string; body: string }
  | {
      type: 'photo';
      caption: string;
      linkthrough: string;
      /** In the set's order; each id (`o1`, …) keys its URL and caption. */
      photos: { id: string; url: string; caption: string; selfie: PhotoSelfie | null }[];
      layout: string;
    }
  | { type: 'quote'; quote: string; source: string }
  | {
      type: 'link';
      title: string;
      url: string;
      caption: string;
      excerpt: string;
      author: string;
      thumbnail: string;
      removeThumbnail: boolean;
    }
  | { type: 'chat'; title: string; chat: string }
  | {
      type: 'audio';
      caption: string;
      /** A service's page or an MP3 elsewhere; unused when a file was uploaded. */
      url: string;
      /** The uploaded file, or ''. */
      preuploadUrl: string;
      confirmTos: boolean;
      trackTitle: string;
      trackArtist: string;
      trackAlbum: string;
      albumArt: string;
      removeAlbumArt: boolean;
      copyrightFallback: boolean;
    }
  | {
      type: 'video';
      /** A provider's URL or embed code; unused when a file was uploaded. */
      embedCode: string;
      caption: string;
      preuploadUrl: string;
      confirmTos: boolean;
      copyrightFallback: boolean;
    }
  | { type: 'note'; ask: string; answer: string; caption: string };

/** What a reblog says of the post it reblogs. */
export interface SaveReblog {
  /** The post reblogged, with its key; null when editing a reblog already made. */
  of: { postId: number; reblogKey: string } | null;
  removeReblogTree: boolean;
  /** The reblog's own words. */
  comment: string;
}

/** A post to save: create, edit or reblog. */
export interface PostSave {
  blog: string;
  /** The post being edited, or null for a new post or a reblog. */
  postId: number | null;
  type: PostType;
  state: PostState;
  /** Free text; sent only when scheduled. */
  publishOn: string;
  /** Free text; '' is now. */
  postDate: string;
  /** The custom URL's slug. */
  customUrl: string;
  tags: string[];
  sourceUrl: string;
  editorType: EditorType;
  allowAnswers: boolean;
  allowPhotoReplies: boolean;
  sendToTwitter: boolean;
  /** Sent only with sendToTwitter. */
  customTweet: string;
  sendToFacebook: boolean;
  /** The writer's clock, in minutes ahead of UTC. */
  utcOffset: number;
  /** The type's words and media; a reblog sends its comment instead. */
  content: SaveContent;
  reblog: SaveReblog | null;
}

/** §4 Post states: the code sent as `post[state]` for each state. */
export const STATE_CODES: Record<PostState, string> = {
  published: '0',
  draft: '1',
  queued: '2',
  scheduled: 'on.2',
  private: 'private',
  unapproved: '0 3',
  transcoding: '4',
};

/** A server code back to its state ('Server codes map back'); null for an unknown code. */
export function stateOfCode(code: string): PostState | null {
  const found = (Object.keys(STATE_CODES) as PostState[]).find((s) => STATE_CODES[s] === code);
  return found ?? null;
}

const flag = (value: boolean) => (value ? '1' : '0');

/** post[one], post[two], post[three] and the type's own fields. */
function contentFields(content: SaveContent): SaveFields {
  switch (content.type) {
    case 'text':
      return { 'post[one]': content.title, 'post[two]': content.body };
    case 'photo': {
      const fields: SaveFields = {
        'post[two]': content.caption,
        'post[three]': content.linkthrough,
        'post[photoset_order]': content.photos.map((p) => p.id).join(','),
        'post[photoset_layout]': content.layout,
        // §7: the server keeps one answer per post (its content's `selfie`), so these say
        // whether any of its photos is a webcam snapshot, or the webcam's GIF.
        is_selfie: flag(content.photos.some((p) => p.selfie === 'photo')),
        is_selfie_gif: flag(content.photos.some((p) => p.selfie === 'gif')),
      };
      for (const photo of content.photos) {
        fields[`images[${photo.id}]`] = photo.url;
        fields[`caption[${photo.id}]`] = photo.caption;
      }
      return fields;
    }
    case 'quote':
      return { 'post[one]': content.quote, 'post[two]': content.source };
    case 'link':
      return {
        'post[one]': content.title,
        'post[two]': content.url,
        'post[three]': content.caption,
        excerpt: content.excerpt,
        author: content.author,
        thumbnail: content.removeThumbnail ? '' : content.thumbnail,
        remove_thumbnail: flag(content.removeThumbnail),
      };
    case 'chat':
      return { 'post[one]': content.title, 'post[two]': content.chat };
    case 'audio':
      return {
        'post[two]': content.caption,
        'post[three]': content.preuploadUrl ? '' : content.url,
        preuploaded_url: content.preuploadUrl || undefined,
        confirm_tos: flag(content.confirmTos),
        'id3_tags[title]': content.trackTitle,
        'id3_tags[artist]': content.trackArtist,
        'id3_tags[album]': content.trackAlbum,
        album_art: content.removeAlbumArt ? '' : content.albumArt,
        remove_album_art: flag(content.removeAlbumArt),
        copyright_fallback: flag(content.copyrightFallback),
      };
    case 'video':
      return {
        'post[one]': content.preuploadUrl ? '' : content.embedCode,
        'post[two]': content.caption,
        preuploaded_url: content.preuploadUrl || undefined,
        confirm_tos: flag(content.confirmTos),
        copyright_fallback: flag(content.copyrightFallback),
      };
    case 'note':
      return { 'post[one]': content.ask, 'post[two]': content.answer, 'post[three]': content.caption };
  }
}

/**
 * A reblog's comment is post[two]; a note's is post[three], its caption, since the answer is
 * the original's.
 */
function reblogFields(type: PostType, reblog: SaveReblog): SaveFields {
  const fields: SaveFields = type === 'note' ? { 'post[three]': reblog.comment } : { 'post[two]': reblog.comment };
  // Editing a reblog says so too: its words are a comment, its media the reblogged post's.
  fields.reblog = flag(true);
  if (reblog.of) {
    fields.reblog_post_id = String(reblog.of.postId);
    fields.reblog_key = reblog.of.reblogKey;
  }
  fields.remove_reblog_tree = flag(reblog.removeReblogTree);
  return fields;
}

/** The whole save form of `post`. */
export function saveFieldsOf(post: PostSave): SaveFields {
  const fields: SaveFields = {
    channel_id: post.blog,
    'post[type]': post.type,
    'post[state]': STATE_CODES[post.state],
    is_private: flag(post.state === 'private'),
    // Any state but scheduled clears publish_on (§4 Save dropdown behaviour).
    'post[publish_on]': post.state === 'scheduled' ? post.publishOn : undefined,
    'post[date]': post.postDate || undefined,
    'post[slug]': post.customUrl,
    'post[tags]': post.tags.join(','),
    'post[source_url]': post.sourceUrl,
    editor_type: post.editorType,
    allow_answers: flag(post.allowAnswers),
    allow_photo_replies: flag(post.allowPhotoReplies),
    send_to_twitter: flag(post.sendToTwitter),
    custom_tweet: post.sendToTwitter ? post.customTweet : undefined,
    send_to_fbog: flag(post.sendToFacebook),
    utc_offset: String(post.utcOffset),
    ...(post.reblog ? reblogFields(post.type, post.reblog) : contentFields(post.content)),
  };
  if (post.postId !== null) fields.post_id = String(post.postId);
  return fields;
}

/**
 * The inputs of the blog's post preview (POST /blog/{name}/post/preview): the save form and
 * the form key, a browser form posts itself (no header to carry the key), fields left out
 * omitted.
 */
export function previewFieldsOf(post: PostSave, formKey: string): Record<string, string> {
  const key: FormKeyField = { form_key: formKey };
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...saveFieldsOf(post), ...key })) {
    if (value !== undefined) fields[name] = value;
  }
  return fields;
}
