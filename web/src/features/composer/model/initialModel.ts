// The model a composer opens with: a new post on the current blog (in the state its page
// implies), a post fetched to edit, or a reblog of a fetched post.
import type { ComposerSetup, EditorType, FetchedPost } from '../../../api/composerModels';
import type { PostType } from '../../../api/postModels';
import { textToParagraphs } from '../../../lib/htmlText';
import { modelForEdit, modelForReblog } from './fromFetch';
import { newPost, type PostModel } from './postModel';
import { postReducer } from './postReducer';
import { defaultStateFor } from './postStates';

/**
 * What a photo form's address may carry (spec 001 §2: `/new/photo?src=…&caption=…&tags=…`):
 * a photo to add from the web, its caption and its tags.
 */
export interface PhotoPrefill {
  src: string;
  caption: string;
  tags: string[];
}

/** What the composer was opened for. */
export type ComposerRequest =
  | { mode: 'new'; type: PostType; prefill?: PhotoPrefill }
  | { mode: 'edit'; postId: number; blog?: string }
  | { mode: 'reblog'; reblogId: number; reblogKey: string; postType?: PostType };

function editorTypeOf(name: string): EditorType {
  return name === 'html' || name === 'markdown' ? name : 'rich';
}

/** The blog a new post or a reblog goes to at first: the one the user acts as. */
function currentBlog(data: ComposerSetup) {
  return data.blogs.find((b) => b.isCurrent) ?? data.blogs[0];
}

/**
 * The opening model. `basePath` is the page the composer opened over (drafts and queue
 * pages start new posts as drafts and queued); `fetched` is the post fetched for an edit or
 * a reblog.
 */
export function initialModel(
  request: ComposerRequest,
  data: ComposerSetup,
  basePath: string,
  fetched?: FetchedPost,
): PostModel {
  const defaultEditor = editorTypeOf(data.user.defaultEditorType);
  const current = currentBlog(data);
  const blog = current?.name ?? '';
  if (request.mode === 'edit') {
    if (!fetched) throw new Error('an edit needs the fetched post');
    const model = modelForEdit(fetched, data.limits);
    // §4 Editor type: a rich post opens in HTML for a user whose default is HTML (the rich
    // editor's source is HTML already, so nothing is converted).
    if (defaultEditor === 'html' && model.editorType === 'rich') return { ...model, editorType: 'html' };
    return model;
  }
  let model =
    request.mode === 'new'
      ? newPost(request.type, blog, data.limits, { state: defaultStateFor(basePath), editorType: defaultEditor })
      : modelForReblog(fetched!.post, blog, defaultEditor, data.limits);
  if (request.mode === 'new' && request.prefill) model = prefilled(model, request.prefill);
  return current ? postReducer(model, { type: 'blogChosen', blog: current }) : model;
}

/** The caption and tags of a photo form's address, through the form's own rules. */
function prefilled(model: PostModel, prefill: PhotoPrefill): PostModel {
  // The caption is the rich editor's HTML: the query's text, escaped, in paragraphs.
  const caption = textToParagraphs(prefill.caption);
  let next = caption ? postReducer(model, { type: 'fieldChanged', field: 'caption', value: caption }) : model;
  for (const tag of prefill.tags) {
    next = postReducer(next, { type: 'tagInputChanged', text: tag });
    next = postReducer(next, { type: 'tagSubmitted' });
  }
  return next;
}
