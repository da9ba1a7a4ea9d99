// Every text of the composer that spec 001 writes out, word for word, in one place so that a
// reader can check them against the spec. Texts the spec does not give (labels of fields it
// only names) are written next to the component that shows them.

/** §4 Dismiss, §2 Other popovers. */
export const DISCARD_POST = 'Discard this post?';
export const DISCARD_EDITS = 'Discard edits to this post?';
export const DISCARD = 'Discard';
export const NEVERMIND = 'Nevermind';

/** §4 Dismiss: the leave-page warning. */
export const LEAVE_NEW = 'Sure you want to leave this page without saving? Your post will be discarded.';
export const LEAVE_EDIT = 'All your edits will be lost.';

/** §4 Reblog blocked, §8. */
export const CANNOT_REBLOG = 'This post cannot be reblogged.';

/** §4 Editor type. */
export const BACK_TO_RICH =
  "Going back to normal? You might lose any code that doesn't get along with our text editor.";

/** §5 Validation, per type. */
export const POST_BODY_EMPTY = 'Post body empty.';
export const NO_PHOTOS = 'No photos specified.';
export const UPLOADS_IN_PROGRESS = 'Uploads in progress.';
export const NO_QUOTE = 'No quote.';
export const LOADING_OPEN_GRAPH = 'Loading OpenGraph data.';
export const NO_URL = 'No url.';
export const NOT_A_VALID_URL = 'Not a valid URL';
export const NO_CHAT = 'No chat.';
export const QUESTION_EMPTY = 'Post question empty.';
export const NO_AUDIO = 'Please choose an audio source before continuing.';
export const NEED_PERMISSION = 'You must agree that you have permission to share this file.';
export const NO_EMBED = 'No embed specified.';
export const NO_VIDEO = 'No video specified.';
export const DIRECT_EMBED_MISSING = 'Direct embed missing.';
export const INVALID_STATE = 'Invalid "state" value';

/** §5 Embed input, §8: the video field's invalid state, and a preview that stopped playing. */
export const INVALID_EMBED_RESPONSE = 'Invalid embed response';
export const INVALID_EMBED_CODE = 'Invalid embed code';
export const VIDEO_EMBED_BROKEN = 'This video embed stopped working. Try another?';

/**
 * §8 Upload errors: the fallbacks when the server gives no message. A photo's, 'Woops :(', is
 * the upload component's own (features/upload/strings.ts, spec 002 §8).
 */
export const INLINE_IMAGE_UPLOAD_FALLBACK = 'Error uploading photo.';
export const VIDEO_UPLOAD_FALLBACK = 'Error uploading video.';
export const VIDEO_TOO_LARGE = 'Video file is too large';
export const AUDIO_UPLOAD_FALLBACK = 'Error uploading audio';

/** §8 Preview. */
export const LOADING_PREVIEW = 'Loading preview...';
export const PREVIEW_FAILED = 'Failed to load preview :(';
/** §8 Video messages (%1$s is the file name). */
export const VIDEO_UPLOADED = 'Your video %1$s has been uploaded';
export const VIDEO_UPLOADING = 'Uploading your video %1$s.';

/** §2 Post-settings popover. */
export const CUSTOM_URL_PREFIX = '/post/123/';
export const POST_DATE_PLACEHOLDER = 'Now';
export const PHOTO_REPLIES = 'Let people photo reply';
export const EDITOR_TYPE_LABELS = { rich: 'Rich text', html: 'HTML', markdown: 'Markdown' } as const;

/** §2 Save dropdown; §4 Save dropdown behaviour (the schedule field is prefilled with this). */
export const SCHEDULE_PLACEHOLDER = 'Next Tuesday, 10am';

/** §2 Reblog tree. */
export const PUT_REBLOGS_BACK = 'Put reblogs back';

/** §2 Tweet popover, overlay input. */
export const DONE = 'Done';

/** §9 Read-more marker and its label. */
export const READ_MORE_MARKER = '[[MORE]]';
export const KEEP_READING = 'Keep reading';

/** §5 Other: the disabled video-embed control's tooltip (%1$s is the limit). */
export const TOO_MANY_VIDEOS = "Sorry, you can't add more than %1$s videos.";
