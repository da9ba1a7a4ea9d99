// The composer's calls (spec 001 §7, docs/api.md "Posts"), one function each, answering the
// composer's client models (composerModels.ts); a save is sent as postSave.ts builds its form.
// Uploads are sent with XMLHttpRequest for their progress (composerUploads.ts).
import type { ApiClient } from './client';
import {
  composerSetupFromWire,
  fetchedPostFromWire,
  type ComposerSetup,
  type FetchedPost,
} from './composerModels';
import { postSaveResultFromWire, type PostSaveResult, type PostType } from './postModels';
import { saveFieldsOf, STATE_CODES, type PostSave } from './postSave';
import type { FetchAnswer } from './types/FetchAnswer';
import type { FetchForm } from './types/FetchForm';
import type { FormBuilderData } from './types/FormBuilderData';
import type { Preview } from './types/Preview';
import type { PreviewForm } from './types/PreviewForm';
import type { SaveAnswer } from './types/SaveAnswer';
import type { SaveFields } from './types/SaveFields';

/** POST /svc/post/get_post_form_builder_data: the user's blogs, the limits, the user's settings. */
export function fetchComposerSetup(api: ApiClient): Promise<ComposerSetup> {
  return api.post<FormBuilderData>('/svc/post/get_post_form_builder_data').then(composerSetupFromWire);
}

/** POST /svc/post/fetch for an edit: one of the user's posts, with its source. */
export function fetchPostToEdit(api: ApiClient, postId: number, blog?: string): Promise<FetchedPost> {
  return api
    .post<FetchAnswer, FetchForm>('/svc/post/fetch', { post_id: String(postId), channel_id: blog })
    .then(fetchedPostFromWire);
}

/**
 * POST /svc/post/fetch for a reblog: the post to reblog. A post that may not be reblogged
 * answers 403 `not_rebloggable`.
 */
export function fetchPostToReblog(
  api: ApiClient,
  reblogId: number,
  reblogKey: string,
  postType?: PostType,
): Promise<FetchedPost> {
  return api
    .post<FetchAnswer, FetchForm>('/svc/post/fetch', {
      reblog_id: String(reblogId),
      reblog_key: reblogKey,
      post_type: postType,
    })
    .then(fetchedPostFromWire);
}

/**
 * POST /svc/post/update: creates, edits or reblogs a post. A failed check is a 400 whose
 * errors (the spec's errors map) the ApiError carries.
 */
export function savePost(api: ApiClient, post: PostSave): Promise<PostSaveResult> {
  return api.post<SaveAnswer, SaveFields>('/svc/post/update', saveFieldsOf(post)).then(postSaveResultFromWire);
}

/**
 * POST /svc/post/update as a submission (spec 002 §6 Submit): a text post, title and body
 * (the body as HTML), to another's blog, where it waits in its inbox. Only these fields are
 * sent: the blog's owner decides the rest. Answers the save's message (where it went).
 */
export function submitPost(api: ApiClient, blog: string, title: string, body: string): Promise<string> {
  return api
    .post<SaveAnswer, SaveFields>('/svc/post/update', {
      channel_id: blog,
      'post[type]': 'text',
      'post[state]': STATE_CODES.unapproved,
      'post[one]': title,
      'post[two]': body,
    })
    .then((answer) => answer.message);
}

/** POST /svc/filter_html_for_dash_preview: HTML or markdown as it will look once saved. */
export function filterHtmlForPreview(api: ApiClient, source: string, markdown: boolean): Promise<string> {
  return api
    .post<Preview, PreviewForm>('/svc/filter_html_for_dash_preview', { html: source, markdown: markdown ? '1' : '0' })
    .then((answer) => answer.html);
}
