// A link post's media (spec 001 §4 Link form): what its page's OpenGraph data fills in, and
// what the remove button takes away. The reducer applies these to the model.
import type { Draft } from 'immer';
import type { OpenGraphData } from '../../../api/composerModels';
import { FULL_WIDTH_MIN_PX } from '../constants';
import type { PostModel } from './postModel';
import { addTag, tagKey } from './tags';
import { isOwnMedia, isWebUrl } from './urls';

/** The thumbnail the link shows (and saves), if any. */
export function shownThumbnail(post: PostModel): string {
  const { thumbnail, removeThumbnail } = post.fields;
  const usable = isWebUrl(thumbnail, post.limits.urlChars) || isOwnMedia(thumbnail);
  return !removeThumbnail && usable ? thumbnail.trim() : '';
}

/** Only an image as wide as a full-width one makes a thumbnail (§4, §9: 300). */
export function wideEnough(width: number | null): boolean {
  return width !== null && width >= FULL_WIDTH_MIN_PX;
}

function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, i) => tagKey(tag) === tagKey(b[i]));
}

/**
 * Fills the link from its page: title, summary, author, the thumbnail (only an image at
 * least 300 wide), and up to `limits.openGraphTags` tags, but only while the user has
 * entered no tags.
 */
export function applyOpenGraph(draft: Draft<PostModel>, og: OpenGraphData) {
  const f = draft.fields;
  f.title = og.title;
  f.excerpt = og.description;
  f.author = og.author;
  f.thumbnail = og.image && wideEnough(og.imageWidth) ? og.image : '';
  f.removeThumbnail = false;
  draft.openGraph.pending = false;
  // A width the page did not give is measured in the browser (see useOpenGraph).
  draft.openGraph.unmeasuredImage = og.image && og.imageWidth === null ? og.image : '';
  if (sameTags(draft.tags, draft.openGraph.tags)) {
    const { openGraphTags, tagChars } = draft.limits;
    const tags = og.tags.slice(0, openGraphTags).reduce<string[]>((kept, tag) => addTag(kept, tag, tagChars), []);
    draft.tags = tags;
    draft.openGraph.tags = tags;
  }
}

/** The page's image, measured at `width`: the thumbnail if wide enough and none is set. */
export function applyMeasuredImage(draft: Draft<PostModel>, image: string, width: number) {
  if (draft.openGraph.unmeasuredImage !== image) return;
  draft.openGraph.unmeasuredImage = '';
  if (wideEnough(width) && !draft.fields.thumbnail && !draft.fields.removeThumbnail) draft.fields.thumbnail = image;
}

/** The remove button: the thumbnail first, then the whole link media (§4 Link form). */
export function removeLinkMedia(draft: Draft<PostModel>) {
  if (shownThumbnail(draft as PostModel)) {
    draft.fields.removeThumbnail = true;
    return;
  }
  const f = draft.fields;
  f.url = '';
  f.title = '';
  f.excerpt = '';
  f.author = '';
  f.thumbnail = '';
  f.removeThumbnail = false;
  draft.openGraph.pending = false;
  draft.openGraph.unmeasuredImage = '';
}
