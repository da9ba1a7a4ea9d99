// The post model of a post fetched to edit or to reblog (POST /svc/post/fetch): the form
// prefilled from what the author wrote (`post.source`, in the editor's own language) and the
// post's other fields; a reblog's tree and media as the server will carry them.
import type { ComposerLimits, EditableMedia, EditorType, FetchedPost } from '../../../api/composerModels';
import type { Post, PostContent, ServerHtml, TrailItem } from '../../../api/postModels';
import { EMPTY_HTML } from '../../../api/serverHtml';
import { emptyFields, newPost, type PhotoItem, type PostFields, type PostModel } from './postModel';
import { isOwnMedia } from './urls';

/** A unix time as the schedule field shows it, in the user's clock: `2026-12-01 08:30`. */
export function localDateTime(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The words of a post's own, as a reblog's tree shows them (the server's `own_text`). */
function ownText(content: PostContent): ServerHtml {
  switch (content.type) {
    case 'text':
      return content.body;
    case 'quote':
    case 'chat':
      return EMPTY_HTML;
    default:
      return content.caption;
  }
}

/** The media a reblog carries: the same, without the words its tree shows. */
export function contentForReblog(content: PostContent): PostContent {
  switch (content.type) {
    case 'text':
      return { ...content, body: EMPTY_HTML };
    case 'quote':
    case 'chat':
      return content;
    default:
      return { ...content, caption: EMPTY_HTML };
  }
}

/**
 * The tree a reblog of `parent` carries (the server's `trail_after`): the parent's own tree,
 * then the parent's own words when it has any.
 */
export function trailAfter(parent: Post): TrailItem[] {
  const original = !parent.isReblog;
  const trail = original ? [] : [...parent.reblogTrail];
  const words = original ? ownText(parent.content) : parent.reblogComment;
  if (words.trim()) {
    trail.push({
      postId: parent.id,
      blogName: parent.blogName,
      permalink: parent.postUrl,
      content: words,
      avatarUrl: parent.avatarUrl,
      title: original && parent.content.type === 'text' ? parent.content.title : '',
      isOriginalEntry: original,
    });
  }
  return trail;
}

function photoItems(media: EditableMedia): PhotoItem[] {
  if (media.type !== 'photo') return [];
  // The server keeps one answer for the post, not one per photo: each photo carries it, so
  // that an edit that keeps the photos says it again (and one that removes them all does not).
  const selfie = media.selfie;
  return media.photos.map((photo, i) => ({
    id: `o${i + 1}`,
    url: photo.url,
    displayUrl: photo.url,
    caption: photo.caption,
    upload: null,
    fileName: '',
    selfie,
  }));
}

/** The type's fields of a post of one's own, from its source and content. */
function fieldsOfOwnPost(post: FetchedPost): PostFields {
  const source = post.source ?? { one: '', two: '', three: '' };
  const c = post.media;
  const fields: PostFields = { ...emptyFields };
  switch (c.type) {
    case 'text':
      return { ...fields, title: source.one, body: source.two };
    case 'photo':
      return { ...fields, caption: source.two, linkthrough: source.three, photos: photoItems(c), layout: c.layout };
    case 'quote':
      return { ...fields, quote: source.one, source: source.two };
    case 'link':
      return {
        ...fields,
        title: source.one,
        url: source.two,
        caption: source.three,
        excerpt: c.excerpt,
        author: c.author,
        thumbnail: c.thumbnail,
      };
    case 'chat':
      return { ...fields, title: source.one, chat: source.two };
    case 'audio': {
      // An uploaded file is not in the source (it came as preuploaded_url): the permission
      // was given when it was saved.
      const uploaded = !source.three && isOwnMedia(c.url);
      return {
        ...fields,
        caption: source.two,
        url: uploaded ? '' : source.three,
        preuploadUrl: uploaded ? c.url : '',
        confirmTos: uploaded,
        audioPlayer: c.embedUrl,
        trackTitle: c.trackTitle,
        trackArtist: c.trackArtist,
        trackAlbum: c.trackAlbum,
        albumArt: c.albumArt,
      };
    }
    case 'video': {
      const uploaded = !source.one && isOwnMedia(c.url);
      return {
        ...fields,
        caption: source.two,
        embedCode: uploaded ? '' : source.one,
        preuploadUrl: uploaded ? c.url : '',
        confirmTos: uploaded,
      };
    }
    case 'note':
      return { ...fields, ask: source.one, answer: source.two, caption: source.three };
  }
}

/** The form for editing one's own post. */
export function modelForEdit(post: FetchedPost, limits: ComposerLimits): PostModel {
  const base = newPost(post.type, post.blogName, limits, { state: post.state, editorType: post.editorType });
  const source = post.source ?? { one: '', two: '', three: '' };
  return {
    ...base,
    mode: 'edit',
    postId: post.id,
    publishOn: post.state === 'scheduled' && post.publishOn !== null ? localDateTime(post.publishOn) : '',
    tags: post.tags,
    customUrl: post.slug,
    sourceUrl: post.sourceUrl,
    allowAnswers: post.allowAnswers,
    allowPhotoReplies: post.allowPhotoReplies,
    reblog: post.isReblog
      ? {
          reblogId: null,
          reblogKey: '',
          reblogName: post.reblogSourceName ?? '',
          shown: post.post,
        }
      : null,
    fields: post.isReblog
      ? { ...emptyFields, caption: post.type === 'note' ? source.three : source.two }
      : fieldsOfOwnPost(post),
  };
}

/** The form for reblogging `parent` to `blog`. */
export function modelForReblog(parent: Post, blog: string, editorType: EditorType, limits: ComposerLimits): PostModel {
  const base = newPost(parent.content.type, blog, limits, { editorType });
  return {
    ...base,
    mode: 'reblog',
    reblog: {
      reblogId: parent.id,
      reblogKey: parent.reblogKey,
      reblogName: parent.blogName,
      shown: { ...parent, content: contentForReblog(parent.content), reblogTrail: trailAfter(parent) },
    },
  };
}
