// The composer's post model (spec 001 §3 Post): everything the form shows and sends, as one
// value that the reducer (postReducer.ts) changes. Field names are the spec's.
import type { ComposerLimits, EditorType, PhotoSelfie } from '../../../api/composerModels';
import type { UploadKind } from '../../../api/composerUploads';
import type { Post, PostState, PostType } from '../../../api/postModels';
import { noOpenGraph, type OpenGraphState } from './openGraphState';

/** §4 Modes. */
export type ComposerMode = 'new' | 'edit' | 'reblog';

/** How a photo was taken with the webcam (spec 001 §3 Photo item's isSelfie and isSelfieGif). */
export type { PhotoSelfie };

/** One photo of a photo post (spec 001 §3 Photo item). */
export interface PhotoItem {
  /** `o1`, `o2`, …: the key of its `images[id]` and `caption[id]` fields. */
  id: string;
  /** Where the photo is once uploaded or added from the web; '' while it uploads. */
  url: string;
  /** What the form shows meanwhile: a local preview of the file being uploaded. */
  displayUrl: string;
  caption: string;
  /** The upload carrying it (an UploadItem id), while one runs. */
  upload: string | null;
  /** The file's name, for the error alert. */
  fileName: string;
  /** Taken with the webcam (saved as is_selfie / is_selfie_gif); null for any other photo. */
  selfie: PhotoSelfie | null;
}

/** What an upload is for (spec 001 §5 Uploads). */
export type { UploadKind };

/** One upload under way (spec 001 §3 Upload item), with its progress. */
export interface UploadItem {
  id: string;
  kind: UploadKind;
  fileName: string;
  loaded: number;
  total: number;
}

/** What a reblog carries from the post it reblogs, read-only in the form. */
export interface ReblogOf {
  /** The post reblogged (`reblog_post_id`); null when editing a reblog already made. */
  reblogId: number | null;
  reblogKey: string;
  /** The blog it is reblogged from (`reblog_name`). */
  reblogName: string;
  /**
   * The post as the reblog will show it: the reblogged post's media (without the words its
   * tree shows) in `content`, and the earlier contributions, the reblog tree, in
   * `reblogTrail`. For an edit, the reblog itself.
   */
  shown: Post;
}

/**
 * The generic fields of every type, by their names in spec 001 §3 (one flat record: a post
 * has one type at a time, and names such as caption and url mean the same in several).
 */
export interface PostFields {
  // text, chat
  title: string;
  body: string;
  // photo, link, audio, video; a reblog's comment; a note's caption
  caption: string;
  // photo
  photos: PhotoItem[];
  linkthrough: string;
  layout: string;
  // quote
  quote: string;
  source: string;
  // link (url is audio's too: a service's page or an MP3)
  url: string;
  excerpt: string;
  author: string;
  thumbnail: string;
  removeThumbnail: boolean;
  // chat
  chat: string;
  // audio, video uploads
  preuploadUrl: string;
  confirmTos: boolean;
  // audio
  /** The chosen track's player on its service (get_{service}_data's embed_url): shown, not sent. */
  audioPlayer: string;
  trackTitle: string;
  trackArtist: string;
  trackAlbum: string;
  albumArt: string;
  removeAlbumArt: boolean;
  /** What the audio search field holds (the spec's `search`): shown, not sent. */
  search: string;
  /**
   * Set when upload_audio refused the file as copyrighted (§8): the post then finds its track
   * by searching instead, and says so to the server (`copyright_fallback`, audio and video).
   */
  copyrightFallback: boolean;
  /** The server's copyright warning, shown while the post is in that fallback; not sent. */
  copyrightWarning: string;
  // video
  embedCode: string;
  // note
  ask: string;
  answer: string;
}

/** §4 Form state. */
export interface FormState {
  enabled: boolean;
  locked: boolean;
  saving: boolean;
}

/** Twitter and Facebook sharing (spec 001 §4 Social sharing). */
export interface SocialState {
  sendToTwitter: boolean;
  sendToFacebook: boolean;
  customTweet: string;
  /** The toggles as they were before the private state turned them off, to restore. */
  beforePrivate: { sendToTwitter: boolean; sendToFacebook: boolean } | null;
}

export interface PostModel {
  /** The server's limits (get_post_form_builder_data), which the form's rules apply. */
  limits: ComposerLimits;
  mode: ComposerMode;
  type: PostType;
  /** The post being edited. */
  postId: number | null;
  /** The blog it posts to (`channel_id`). */
  blog: string;
  state: PostState;
  /** The state the post had when the form opened: the save label and options read it. */
  initialState: PostState;
  /** Free text when scheduled (`post[publish_on]`). */
  publishOn: string;
  tags: string[];
  tagInput: string;
  postDate: string;
  /** The custom URL's slug. */
  customUrl: string;
  sourceUrl: string;
  editorType: EditorType;
  /** Set once the HTML or markdown source is edited by hand: going back to rich asks first. */
  htmlEdited: boolean;
  allowPhotoReplies: boolean;
  allowAnswers: boolean;
  social: SocialState;
  reblog: ReblogOf | null;
  removeReblogTree: boolean;
  fields: PostFields;
  /** A link's OpenGraph lookup (§4 Link form). */
  openGraph: OpenGraphState;
  uploads: UploadItem[];
  formState: FormState;
  /** The save went through; the form stays locked until it closes. */
  saved: boolean;
  /** The error bar's messages (the errors map of a failed save). */
  errors: string[];
}

export const emptyFields: PostFields = {
  title: '',
  body: '',
  caption: '',
  photos: [],
  linkthrough: '',
  layout: '',
  quote: '',
  source: '',
  url: '',
  excerpt: '',
  author: '',
  thumbnail: '',
  removeThumbnail: false,
  chat: '',
  preuploadUrl: '',
  confirmTos: false,
  audioPlayer: '',
  trackTitle: '',
  trackArtist: '',
  trackAlbum: '',
  albumArt: '',
  removeAlbumArt: false,
  search: '',
  copyrightFallback: false,
  copyrightWarning: '',
  embedCode: '',
  ask: '',
  answer: '',
};

export const enabledForm: FormState = { enabled: true, locked: false, saving: false };

/**
 * A new, empty post of `type` on `blog`, in `state` (published unless the page says), under
 * the server's `limits`.
 */
export function newPost(
  type: PostType,
  blog: string,
  limits: ComposerLimits,
  { state = 'published', editorType = 'rich' }: { state?: PostState; editorType?: EditorType } = {},
): PostModel {
  return {
    limits,
    mode: 'new',
    type,
    postId: null,
    blog,
    state,
    initialState: state,
    publishOn: '',
    tags: [],
    tagInput: '',
    postDate: '',
    customUrl: '',
    sourceUrl: '',
    editorType,
    htmlEdited: false,
    allowPhotoReplies: false,
    allowAnswers: false,
    social: { sendToTwitter: false, sendToFacebook: false, customTweet: '', beforePrivate: null },
    reblog: null,
    removeReblogTree: false,
    fields: { ...emptyFields },
    openGraph: noOpenGraph,
    uploads: [],
    formState: enabledForm,
    saved: false,
    errors: [],
  };
}

/**
 * The fields of a post that hold HTML (or markdown): the ones the text editor writes, and
 * the ones an editor-type switch converts. A reblog's only words are its comment.
 */
export function htmlFieldsOf(type: PostType, isReblog: boolean): (keyof PostFields)[] {
  if (isReblog) return ['caption'];
  switch (type) {
    case 'text':
      return ['body'];
    case 'quote':
      return ['source'];
    case 'note':
      return ['answer'];
    case 'chat':
      return [];
    default:
      return ['caption'];
  }
}
