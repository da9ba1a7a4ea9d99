// Whether the post changed since the form opened (spec 001 §4 Dismiss): only then does
// closing ask 'Discard this post?' and leaving the page warn. In new mode the post changed
// only if something non-empty was added; choosing a state or an option adds nothing.
import { htmlOrEmpty } from './htmlContent';
import type { PostFields, PostModel } from './postModel';
import { saveFieldsOf } from '../../../api/postSave';
import { postSaveOf } from './saveForm';

/**
 * Fields that hold no content of the post: what the audio search field holds, and the state
 * of a copyright fallback (a refused upload adds nothing to the post).
 */
const NOT_CONTENT = new Set<keyof PostFields>(['search', 'copyrightFallback', 'copyrightWarning']);

/** What the user wrote or added, with blank editor output read as nothing. */
function contentKey(post: PostModel): string {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(post.fields) as [keyof PostFields, unknown][]) {
    if (NOT_CONTENT.has(name)) continue;
    if (typeof value === 'string') fields[name] = htmlOrEmpty(value.trim());
    else if (name === 'photos') fields[name] = post.fields.photos.map((p) => [p.id, p.url, p.caption, p.upload]);
    else fields[name] = value;
  }
  return JSON.stringify({
    fields,
    tags: post.tags,
    tagInput: post.tagInput.trim(),
    postDate: post.postDate.trim(),
    customUrl: post.customUrl.trim(),
    sourceUrl: post.sourceUrl.trim(),
    uploads: post.uploads.length,
  });
}

/** Everything the save would send (for edits and reblogs, where any change counts). */
function formKey(post: PostModel): string {
  return JSON.stringify({ content: contentKey(post), form: saveFieldsOf(postSaveOf(post, 0)) });
}

export function hasChanged(initial: PostModel, current: PostModel): boolean {
  if (current.mode === 'new') return contentKey(initial) !== contentKey(current);
  return formKey(initial) !== formKey(current);
}
