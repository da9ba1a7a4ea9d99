// The post form's reducer (immer): every change the form makes to the post model, with the
// rules of spec 001 §4 that follow a change (private turns sharing off, photos added clear the
// click-through, allow-answers unticks itself, a change hides the error bar).
import { produce, type Draft } from 'immer';
import type { ComposerBlog, EditorType, OpenGraphData } from '../../../api/composerModels';
import { SCHEDULE_PLACEHOLDER } from '../strings';
import { textOfHtml } from './htmlContent';
import { applyMeasuredImage, applyOpenGraph, removeLinkMedia } from './linkMedia';
import { layoutAfterCountChange, layoutFits } from './photosetLayout';
import { enabledForm, type PhotoItem, type PostFields, type PostModel, type UploadItem } from './postModel';
import { OPTION_STATES, type SaveOption } from './postStates';
import { addTag, limitTagInput } from './tags';
import { fitTweet } from './tweet';

/** The fields that hold text (plain or HTML), by name, and the switches. */
type TextField = { [K in keyof PostFields]: PostFields[K] extends string ? K : never }[keyof PostFields];
type FlagField = { [K in keyof PostFields]: PostFields[K] extends boolean ? K : never }[keyof PostFields];

/** The post settings popover's fields (§2 Post-settings popover). */
export type SettingName = 'customUrl' | 'sourceUrl' | 'postDate';

export type PostAction =
  | { type: 'fieldChanged'; field: TextField; value: string }
  | { type: 'flagChanged'; field: FlagField; value: boolean }
  | { type: 'photosAdded'; photos: PhotoItem[] }
  | { type: 'photoRemoved'; id: string }
  | { type: 'photoUploaded'; id: string; url: string }
  /** The chosen file, read in the browser, to show while it uploads. */
  | { type: 'photoPreviewRead'; id: string; displayUrl: string }
  /** A photo dragged (or moved by keyboard) from one place in the set to another. */
  | { type: 'photoMoved'; from: number; to: number }
  | { type: 'layoutChosen'; layout: string }
  | { type: 'photoCaptionChanged'; id: string; caption: string }
  | { type: 'uploadStarted'; upload: UploadItem }
  | { type: 'uploadProgressed'; id: string; loaded: number; total: number }
  | { type: 'uploadFinished'; id: string }
  | { type: 'blogChosen'; blog: ComposerBlog }
  | { type: 'optionChosen'; option: Exclude<SaveOption, 'preview'> }
  | { type: 'publishOnChanged'; text: string }
  | { type: 'tagInputChanged'; text: string }
  | { type: 'tagSubmitted' }
  | { type: 'tagRemoved'; index: number }
  | { type: 'settingChanged'; setting: SettingName; value: string }
  | { type: 'photoRepliesChanged'; value: boolean }
  | { type: 'allowAnswersChanged'; value: boolean }
  | { type: 'editorTypeChanged'; editorType: EditorType; converted: Partial<Record<TextField, string>> }
  | { type: 'htmlEdited' }
  | { type: 'twitterToggled'; on: boolean }
  | { type: 'facebookToggled'; on: boolean }
  | { type: 'customTweetChanged'; text: string }
  | { type: 'tweetBoxClosed' }
  | { type: 'reblogTreeToggled' }
  | { type: 'openGraphRequested' }
  | { type: 'openGraphLoaded'; data: OpenGraphData }
  | { type: 'openGraphEnded' }
  | { type: 'openGraphImageMeasured'; image: string; width: number }
  | { type: 'linkMediaRemoved' }
  | { type: 'audioSourceChosen'; source: AudioSource }
  | { type: 'audioMediaRemoved' }
  | { type: 'audioCopyrightRefused'; warning: string; searchString: string }
  | { type: 'audioSwitchedToVideo'; url: string }
  | { type: 'saveStarted' }
  | { type: 'saveSucceeded' }
  | { type: 'saveFailed'; errors: string[] };

/** An audio post's track, from a URL, a search result or its service (§4 Audio post). */
export interface AudioSource {
  url: string;
  player: string;
  trackTitle: string;
  trackArtist: string;
  trackAlbum: string;
  albumArt: string;
}

/** An audio post with no media: its search state (§4 Audio post). */
const NO_AUDIO_MEDIA = {
  url: '',
  audioPlayer: '',
  preuploadUrl: '',
  trackTitle: '',
  trackArtist: '',
  trackAlbum: '',
  albumArt: '',
  removeAlbumArt: false,
  confirmTos: false,
  search: '',
} satisfies Partial<PostFields>;

/** Actions that are not a change the user made to the post: they keep the error bar. */
const NOT_MODEL_CHANGES = new Set<PostAction['type']>([
  'uploadProgressed',
  'openGraphRequested',
  'openGraphEnded',
  'saveStarted',
  'saveSucceeded',
  'saveFailed',
]);

/** The text fields of the post's type, where a trailing '?' offers allow-answers (§4). */
function questionFields(post: PostModel): string[] {
  const f = post.fields;
  if (post.reblog) return [f.caption];
  switch (post.type) {
    case 'text':
      return [f.title, f.body];
    case 'quote':
      return [f.quote, f.source];
    case 'chat':
      return [f.title, f.chat];
    case 'link':
      return [f.title, f.caption];
    case 'note':
      return [f.answer];
    default:
      return [f.caption];
  }
}

/** §4 Allow answers: offered only in new mode, when a text field ends in a question mark. */
export function canAllowAnswers(post: PostModel): boolean {
  return post.mode === 'new' && questionFields(post).some((text) => textOfHtml(text).endsWith('?'));
}

/** The blog's sharing defaults (§4 Social sharing), for a new post or a reblog. */
function applySocialDefaults(draft: Draft<PostModel>, blog: ComposerBlog) {
  if (draft.mode === 'edit') return;
  draft.social.sendToTwitter = blog.canSendToTwitter && blog.twitterSendPosts;
  draft.social.sendToFacebook = blog.canSendToFacebook && blog.facebookSendPosts;
  if (!draft.social.sendToTwitter) draft.social.customTweet = '';
  draft.social.beforePrivate = null;
  if (draft.state === 'private') turnSocialOff(draft);
}

/** Private posts are not shared: both toggles go off, remembered for when it is not private. */
function turnSocialOff(draft: Draft<PostModel>) {
  const { sendToTwitter, sendToFacebook } = draft.social;
  draft.social.beforePrivate = { sendToTwitter, sendToFacebook };
  draft.social.sendToTwitter = false;
  draft.social.sendToFacebook = false;
}

/**
 * Adding or removing photos clears the click-through (§4 Photo form); the layout stays while
 * it still holds the photos, and falls back to the default otherwise.
 */
function photosChanged(draft: Draft<PostModel>) {
  draft.fields.linkthrough = '';
  draft.fields.layout = layoutAfterCountChange(draft.fields.layout, draft.fields.photos.length);
}

function apply(draft: Draft<PostModel>, action: PostAction) {
  switch (action.type) {
    case 'fieldChanged':
      draft.fields[action.field] = action.value;
      break;
    case 'flagChanged':
      draft.fields[action.field] = action.value;
      break;
    case 'photosAdded':
      draft.fields.photos.push(...action.photos);
      photosChanged(draft);
      break;
    case 'photoRemoved':
      draft.fields.photos = draft.fields.photos.filter((p) => p.id !== action.id);
      photosChanged(draft);
      break;
    case 'photoUploaded': {
      const photo = draft.fields.photos.find((p) => p.id === action.id);
      if (photo) {
        photo.url = action.url;
        photo.upload = null;
      }
      break;
    }
    case 'photoPreviewRead': {
      const photo = draft.fields.photos.find((p) => p.id === action.id);
      if (photo && !photo.url) photo.displayUrl = action.displayUrl;
      break;
    }
    case 'photoMoved': {
      const { photos } = draft.fields;
      const { from, to } = action;
      if (from === to || from < 0 || to < 0 || from >= photos.length || to >= photos.length) break;
      const [moved] = photos.splice(from, 1);
      photos.splice(to, 0, moved);
      break;
    }
    case 'layoutChosen':
      if (layoutFits(action.layout, draft.fields.photos.length)) draft.fields.layout = action.layout;
      break;
    case 'photoCaptionChanged': {
      const photo = draft.fields.photos.find((p) => p.id === action.id);
      if (photo) photo.caption = Array.from(action.caption).slice(0, draft.limits.photoCaptionChars).join('');
      break;
    }
    case 'uploadStarted':
      draft.uploads.push(action.upload);
      break;
    case 'uploadProgressed': {
      const upload = draft.uploads.find((u) => u.id === action.id);
      if (upload) {
        upload.loaded = action.loaded;
        upload.total = action.total;
      }
      break;
    }
    case 'uploadFinished':
      draft.uploads = draft.uploads.filter((u) => u.id !== action.id);
      break;
    case 'blogChosen':
      // The blog is locked while editing (§2 The post form).
      if (draft.mode === 'edit') break;
      draft.blog = action.blog.name;
      applySocialDefaults(draft, action.blog);
      break;
    case 'optionChosen': {
      const wasPrivate = draft.state === 'private';
      draft.state = OPTION_STATES[action.option];
      // Schedule uses a publish_on text, prefilled from the placeholder; any other option
      // clears it (§4 Save dropdown behaviour).
      if (action.option === 'schedule') draft.publishOn = draft.publishOn || SCHEDULE_PLACEHOLDER;
      else draft.publishOn = '';
      if (draft.state === 'private' && !wasPrivate) turnSocialOff(draft);
      if (draft.state !== 'private' && wasPrivate && draft.social.beforePrivate) {
        draft.social.sendToTwitter = draft.social.beforePrivate.sendToTwitter;
        draft.social.sendToFacebook = draft.social.beforePrivate.sendToFacebook;
        draft.social.beforePrivate = null;
      }
      break;
    }
    case 'publishOnChanged':
      draft.publishOn = action.text;
      break;
    case 'tagInputChanged':
      draft.tagInput = limitTagInput(action.text, draft.limits.tagChars);
      break;
    case 'tagSubmitted':
      draft.tags = addTag(draft.tags, draft.tagInput, draft.limits.tagChars);
      draft.tagInput = '';
      break;
    case 'tagRemoved':
      draft.tags.splice(action.index, 1);
      break;
    case 'settingChanged':
      // The source URL is read-only for reblogs (§5 URLs).
      if (action.setting === 'sourceUrl' && draft.reblog) break;
      draft[action.setting] = action.value;
      break;
    case 'photoRepliesChanged':
      draft.allowPhotoReplies = action.value;
      break;
    case 'allowAnswersChanged':
      draft.allowAnswers = action.value;
      break;
    case 'editorTypeChanged':
      draft.editorType = action.editorType;
      Object.assign(draft.fields, action.converted);
      draft.htmlEdited = false;
      break;
    case 'htmlEdited':
      draft.htmlEdited = true;
      break;
    case 'twitterToggled':
      draft.social.sendToTwitter = action.on;
      // Clearing send_to_twitter removes the custom tweet (§4 Social sharing).
      if (!action.on) draft.social.customTweet = '';
      break;
    case 'facebookToggled':
      draft.social.sendToFacebook = action.on;
      break;
    case 'customTweetChanged':
      draft.social.customTweet = fitTweet(action.text, draft.limits);
      break;
    case 'tweetBoxClosed':
      // Closing the tweet box with no text turns sharing to Twitter off.
      if (!draft.social.customTweet.trim()) {
        draft.social.sendToTwitter = false;
        draft.social.customTweet = '';
      }
      break;
    case 'reblogTreeToggled':
      draft.removeReblogTree = !draft.removeReblogTree;
      break;
    case 'openGraphRequested':
      draft.openGraph.pending = true;
      break;
    case 'openGraphLoaded':
      applyOpenGraph(draft, action.data);
      break;
    case 'openGraphEnded':
      // Failed or cancelled: the form goes on with no data (§8).
      draft.openGraph.pending = false;
      break;
    case 'openGraphImageMeasured':
      applyMeasuredImage(draft, action.image, action.width);
      break;
    case 'linkMediaRemoved':
      removeLinkMedia(draft);
      break;
    case 'audioSourceChosen': {
      const { source } = action;
      Object.assign(draft.fields, {
        url: source.url,
        audioPlayer: source.player,
        trackTitle: source.trackTitle,
        trackArtist: source.trackArtist,
        trackAlbum: source.trackAlbum,
        albumArt: source.albumArt,
        removeAlbumArt: false,
        // A service's track, not a file: nothing to confirm (§5 Audio).
        preuploadUrl: '',
        confirmTos: false,
      });
      break;
    }
    case 'audioMediaRemoved':
      // Back to the search (§4 Audio post). A copyright fallback stays: the uploader stays
      // hidden and the warning shown.
      Object.assign(draft.fields, NO_AUDIO_MEDIA);
      break;
    case 'audioCopyrightRefused':
      // §8 Audio upload error: the server's warning, and a search for the track instead.
      draft.fields.copyrightFallback = true;
      draft.fields.copyrightWarning = action.warning;
      draft.fields.search = action.searchString;
      break;
    case 'audioSwitchedToVideo':
      // A youtube result of the copyright fallback's search is a video (§2 Audio: youtube
      // results are video-style; §4 Link form: a video URL on the audio search may switch the
      // post to video). The type may change only in new mode (§4 Modes). The caption and the
      // copyright fallback go with it (§7: video sends copyright_fallback too).
      if (draft.mode !== 'new') break;
      draft.type = 'video';
      Object.assign(draft.fields, NO_AUDIO_MEDIA, { embedCode: action.url });
      break;
    case 'saveStarted':
      draft.formState = { enabled: false, locked: true, saving: true };
      draft.errors = [];
      break;
    case 'saveSucceeded':
      // It stays locked until it closes (§4 Form state).
      draft.formState = { enabled: false, locked: true, saving: false };
      draft.saved = true;
      break;
    case 'saveFailed':
      draft.formState = enabledForm;
      draft.errors = action.errors;
      break;
  }
}

export function postReducer(state: PostModel, action: PostAction): PostModel {
  return produce(state, (draft) => {
    apply(draft, action);
    if (!NOT_MODEL_CHANGES.has(action.type)) {
      draft.errors = [];
      // It unticks itself when no text field ends in a question mark any more.
      if (draft.allowAnswers && !canAllowAnswers(draft as PostModel)) draft.allowAnswers = false;
    }
  });
}

export type { TextField, FlagField };
