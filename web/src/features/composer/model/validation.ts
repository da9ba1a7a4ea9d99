// Whether the post may be saved (spec 001 §5 Validation): each failing rule's message, in
// the spec's words. The save button is enabled only when there are none; the server checks
// the same rules again and its answer fills the error bar.
import {
  INVALID_STATE,
  LOADING_OPEN_GRAPH,
  NEED_PERMISSION,
  NO_AUDIO,
  NO_CHAT,
  NO_PHOTOS,
  NO_QUOTE,
  NO_URL,
  NOT_A_VALID_URL,
  POST_BODY_EMPTY,
  QUESTION_EMPTY,
  UPLOADS_IN_PROGRESS,
} from '../strings';
import { isBlankHtml } from './htmlContent';
import type { PostModel } from './postModel';
import { audioServiceOf, normalizeLinkUrl, videoSourceProblem } from './urls';

/** The states the composer may ask for. */
const SAVEABLE_STATES = ['published', 'draft', 'queued', 'scheduled', 'private'];

/** The server's message for a schedule without a time (docs/api.md, "The save form"). */
export const INVALID_PUBLISH_ON = 'Invalid "publish_on" value';

/** The reblog tree the post will carry: none once the user removed it. */
export function keptTrail(post: PostModel) {
  return post.reblog && !post.removeReblogTree ? post.reblog.shown.reblogTrail : [];
}

function typeErrors(post: PostModel): string[] {
  const f = post.fields;
  if (post.reblog) {
    // A reblog's media come from the post it reblogs; a text reblog must still say something
    // (§5: the body may be empty only when a reblog tree exists).
    const content = post.reblog.shown.content;
    const title = content.type === 'text' ? content.title : '';
    if (content.type === 'text' && !title && keptTrail(post).length === 0 && isBlankHtml(f.caption)) {
      return [POST_BODY_EMPTY];
    }
    return [];
  }
  switch (post.type) {
    case 'text':
      return !f.title.trim() && isBlankHtml(f.body) ? [POST_BODY_EMPTY] : [];
    case 'photo':
      if (f.photos.length === 0) return [NO_PHOTOS];
      return f.photos.some((p) => !p.url) ? [UPLOADS_IN_PROGRESS] : [];
    case 'quote':
      return f.quote.trim() ? [] : [NO_QUOTE];
    case 'link':
      if (post.openGraph.pending) return [LOADING_OPEN_GRAPH];
      if (!f.url.trim()) return [NO_URL];
      return normalizeLinkUrl(f.url, post.limits.urlChars) ? [] : [NOT_A_VALID_URL];
    case 'chat':
      return f.chat.replace(/\u200b/g, '').trim() ? [] : [NO_CHAT];
    case 'note':
      return f.ask.trim() ? [] : [QUESTION_EMPTY];
    case 'audio':
      if (f.preuploadUrl) return f.confirmTos ? [] : [NEED_PERMISSION];
      return audioServiceOf(f.url, post.limits.urlChars) ? [] : [NO_AUDIO];
    case 'video': {
      if (f.preuploadUrl) return f.confirmTos ? [] : [NEED_PERMISSION];
      const problem = videoSourceProblem(f.embedCode, post.limits.urlChars);
      return problem ? [problem] : [];
    }
  }
}

/** Every rule the post breaks; empty when it is valid. */
export function validationErrors(post: PostModel): string[] {
  const errors: string[] = [];
  if (!SAVEABLE_STATES.includes(post.state)) errors.push(INVALID_STATE);
  if (post.state === 'scheduled' && !post.publishOn.trim()) errors.push(INVALID_PUBLISH_ON);
  errors.push(...typeErrors(post));
  if (post.uploads.length > 0 && !errors.includes(UPLOADS_IN_PROGRESS)) errors.push(UPLOADS_IN_PROGRESS);
  return errors;
}

export function isValid(post: PostModel): boolean {
  return validationErrors(post).length === 0;
}
