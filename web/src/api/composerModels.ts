// The composer's client models (spec 001 §3) and the one place where the wire answers of its
// calls (composerEndpoints.ts, composerLookups.ts) become them. The composer's form, its
// reducer and its hooks see only these; the save form goes the other way, in postSave.ts.
//
// As in models.ts, a generated wire type named like the client model it becomes is imported
// as Wire<Name>.
import { postFromWire, type PhotoSelfie, type Post, type PostState, type PostType } from './postModels';
import type { AudioData } from './types/AudioData';
import type { AudioResult } from './types/AudioResult';
import type { AudioResults } from './types/AudioResults';
import type { EditorType } from './types/EditorType';
import type { EmbedData } from './types/EmbedData';
import type { FetchAnswer } from './types/FetchAnswer';
import type { FormBuilderData } from './types/FormBuilderData';
import type { FormChannel } from './types/FormChannel';
import type { FormLimits } from './types/FormLimits';
import type { FormUser } from './types/FormUser';
import type { MentionBlog } from './types/MentionBlog';
import type { OpenGraph } from './types/OpenGraph';
import type { PostContent as WirePostContent } from './types/PostContent';
import type { TagSuggestionLists } from './types/TagSuggestionLists';

// Names of a closed set, the same words on the wire and in the form: nothing to map, so the
// client models are the generated unions themselves.
/** The editor a post is written in: rich, html or markdown. */
export type { EditorType };
export type { PhotoSelfie };

// Answers whose fields are single words (or camelCase already, as the server writes these):
// the wire shape is the model's, so the model is the generated type under the model's name.
/** One result of an audio search: service, url, title, artist, thumbnail. */
export type AudioSearchResult = AudioResult;
/** One service's audio search: its results, and whether this server can search it at all. */
export type AudioSearchAnswer = AudioResults;
/** Tags to suggest: the author's own (`userTags`), then popular ones (`suggestions`). */
export type { TagSuggestionLists };

/** The limits the composer enforces as the server does (spec 001 §9). */
export interface ComposerLimits {
  photosPerPost: number;
  photoCaptionChars: number;
  tagChars: number;
  /** A URL is shorter than this many characters. */
  urlChars: number;
  tweetChars: number;
  /** What a link counts for in a tweet. */
  shortUrlChars: number;
  inlineEmbedsPerPost: number;
  photoUploadBytes: number;
  audioUploadBytes: number;
  albumArtUploadBytes: number;
  videoUploadBytes: number;
  /** JPEG and PNG photos are scaled to fit this many pixels a side. */
  imageMaxDimension: number;
  /** Tags a link's OpenGraph data brings at most. */
  openGraphTags: number;
  /** Results an audio search answers at most, per service. */
  audioSearchResults: number;
}

/** A blog the composer can post to (spec 001 §3 Channel). */
export interface ComposerBlog {
  name: string;
  title: string;
  avatarUrl: string;
  /** The blog's page (`/blog/{name}`): its post preview is under it. */
  blogUrl: string;
  /** The blog the user acts as. */
  isCurrent: boolean;
  canSendToTwitter: boolean;
  canSendToFacebook: boolean;
  /** The blog's sharing defaults for a new post. */
  twitterSendPosts: boolean;
  facebookSendPosts: boolean;
}

/** The user's composer settings (spec 001 §3 User). */
export interface ComposerUser {
  defaultEditorType: EditorType;
  hasRichTextTutorial: boolean;
  /** The user's own limit of inline video embeds; 0 for the server's (limits). */
  inlineEmbedsPerPost: number;
}

/** What the composer opens with (get_post_form_builder_data): the blogs, the limits, the user. */
export interface ComposerSetup {
  blogs: ComposerBlog[];
  limits: ComposerLimits;
  user: ComposerUser;
  postTypes: PostType[];
}

/** What a link's page says about itself (`/svc/post/fetch_og`). */
export interface OpenGraphData {
  title: string;
  description: string;
  author: string;
  /** An absolute http(s) URL, or ''. */
  image: string;
  /** The image's width when the page says. */
  imageWidth: number | null;
  tags: string[];
}

/** A blog to mention (`/svc/mention`). */
export interface MentionedBlog {
  name: string;
  title: string;
  avatarUrl: string;
}

/** What a service says about an audio URL (`get_{service}_data`). */
export interface AudioTrack {
  service: string;
  url: string;
  /** The service's player, when it has one to embed. */
  embedUrl: string;
  trackTitle: string;
  trackArtist: string;
  trackAlbum: string;
  albumArt: string;
}

/** What a video URL embeds as (spec 001 §3 Embed data). */
export interface VideoEmbedData {
  url: string;
  thumbnail: string;
  /** The player's address, for an iframe ('' for a video file). */
  previewIframe: string;
  embedCode: string;
  /** The URL names no player the composer can show. */
  unsupported: boolean;
}

/**
 * A post's media as the author saved them, to edit: unlike the post's reading model (Post),
 * nothing is left out or rewritten (a photo whose address the reader would not show is still
 * the post's), since the form saves them back as they are.
 */
export type EditableMedia =
  | { type: 'photo'; photos: { url: string; caption: string }[]; layout: string; selfie: PhotoSelfie | null }
  | { type: 'link'; excerpt: string; author: string; thumbnail: string }
  | {
      type: 'audio';
      url: string;
      embedUrl: string;
      trackTitle: string;
      trackArtist: string;
      trackAlbum: string;
      albumArt: string;
    }
  | { type: 'video'; url: string }
  | { type: 'text' | 'quote' | 'chat' | 'note' };

/** A post fetched to edit or to reblog (POST /svc/post/fetch), as the form opens it. */
export interface FetchedPost {
  id: number;
  type: PostType;
  blogName: string;
  state: PostState;
  editorType: EditorType;
  /** When a scheduled post goes out (unix seconds). */
  publishOn: number | null;
  /** As the server keeps them: the form sends them back so. */
  tags: string[];
  slug: string;
  sourceUrl: string;
  allowAnswers: boolean;
  allowPhotoReplies: boolean;
  isReblog: boolean;
  reblogKey: string;
  /** The blog a reblog was reblogged from, or null. */
  reblogSourceName: string | null;
  /**
   * What the author wrote (spec 001 §3: the generic fields one, two, three, per type), in the
   * editor's own language; null for another's post.
   */
  source: { one: string; two: string; three: string } | null;
  media: EditableMedia;
  /** The post as readers see it: what a reblog shows of it, and its trail. */
  post: Post;
}

export function composerLimitsFromWire(w: FormLimits): ComposerLimits {
  return {
    photosPerPost: w.photos_per_post,
    photoCaptionChars: w.photo_caption_chars,
    tagChars: w.tag_chars,
    urlChars: w.url_chars,
    tweetChars: w.tweet_chars,
    shortUrlChars: w.short_url_chars,
    inlineEmbedsPerPost: w.inline_embeds_per_post,
    photoUploadBytes: w.photo_upload_bytes,
    audioUploadBytes: w.audio_upload_bytes,
    albumArtUploadBytes: w.album_art_upload_bytes,
    videoUploadBytes: w.video_upload_bytes,
    imageMaxDimension: w.image_max_dimension,
    openGraphTags: w.open_graph_tags,
    audioSearchResults: w.audio_search_results,
  };
}

export function composerBlogFromWire(w: FormChannel): ComposerBlog {
  return {
    name: w.name,
    title: w.title,
    avatarUrl: w.avatar_url,
    blogUrl: w.blog_url,
    isCurrent: w.is_current,
    canSendToTwitter: w.can_send_to_twitter,
    canSendToFacebook: w.can_send_to_facebook,
    twitterSendPosts: w.twitter_send_posts,
    facebookSendPosts: w.facebook_opengraph_send_posts,
  };
}

function composerUserFromWire(w: FormUser): ComposerUser {
  return {
    defaultEditorType: w.default_editor_type,
    hasRichTextTutorial: w.has_rich_text_tutorial,
    inlineEmbedsPerPost: w.inline_embeds_per_post,
  };
}

export function composerSetupFromWire(w: FormBuilderData): ComposerSetup {
  return {
    blogs: w.channels.map(composerBlogFromWire),
    limits: composerLimitsFromWire(w.limits),
    user: composerUserFromWire(w.user),
    postTypes: w.post_types,
  };
}

export function openGraphFromWire(w: OpenGraph): OpenGraphData {
  return {
    title: w.title,
    description: w.description,
    author: w.author,
    image: w.image,
    imageWidth: w.image_width,
    tags: w.tags,
  };
}

export function mentionedBlogFromWire(w: MentionBlog): MentionedBlog {
  return { name: w.name, title: w.title, avatarUrl: w.avatar_url };
}

export function audioTrackFromWire(w: AudioData): AudioTrack {
  return {
    service: w.service,
    url: w.url,
    embedUrl: w.embed_url,
    trackTitle: w.track_title,
    trackArtist: w.track_artist,
    trackAlbum: w.track_album,
    albumArt: w.album_art,
  };
}

export function videoEmbedFromWire(w: EmbedData): VideoEmbedData {
  return {
    url: w.url,
    thumbnail: w.thumbnail,
    previewIframe: w.preview_iframe,
    embedCode: w.embed_code,
    unsupported: w.unsupported,
  };
}

function editableMediaFromWire(c: WirePostContent): EditableMedia {
  switch (c.type) {
    case 'photo':
      return {
        type: 'photo',
        photos: c.photos.map((p) => ({ url: p.url, caption: p.caption })),
        layout: c.layout,
        selfie: c.selfie,
      };
    case 'link':
      return { type: 'link', excerpt: c.excerpt, author: c.author, thumbnail: c.thumbnail ?? '' };
    case 'audio':
      return {
        type: 'audio',
        url: c.url,
        embedUrl: c.embed_url,
        trackTitle: c.track_title,
        trackArtist: c.track_artist,
        trackAlbum: c.track_album,
        albumArt: c.album_art ?? '',
      };
    case 'video':
      return { type: 'video', url: c.url };
    default:
      return { type: c.type };
  }
}

export function fetchedPostFromWire(w: FetchAnswer): FetchedPost {
  const p = w.post;
  return {
    id: p.id,
    type: p.content.type,
    blogName: p.tumblelog,
    state: p.state,
    editorType: p.editor_type,
    publishOn: p.publish_on,
    tags: p.tags,
    slug: p.slug,
    sourceUrl: p.source_url,
    allowAnswers: p.allow_answers,
    allowPhotoReplies: p.allow_photo_replies,
    isReblog: p.is_reblog,
    reblogKey: p.reblog_key,
    reblogSourceName: p.reblog_source?.name ?? null,
    source: p.source && { one: p.source.one, two: p.source.two, three: p.source.three },
    media: editableMediaFromWire(p.content),
    post: postFromWire(p),
  };
}
