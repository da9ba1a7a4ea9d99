// The composer's calls (spec 001 §7, docs/api.md "Posts"), one function each. The composer
// works on the wire types directly: it sends the save form and reads back what it sent, and
// the save answer goes as it is to the pages that list posts (features/posts/savedPosts.ts).
// Uploads are sent with XMLHttpRequest for their progress (features/composer/uploads/).
import type { ApiClient } from './client';
import type { FetchAnswer } from './types/FetchAnswer';
import type { FetchForm } from './types/FetchForm';
import type { FormBuilderData } from './types/FormBuilderData';
import type { PostType } from './types/PostType';
import type { Preview } from './types/Preview';
import type { PreviewForm } from './types/PreviewForm';
import type { SaveAnswer } from './types/SaveAnswer';
import type { SaveFields } from './types/SaveFields';

/** POST /svc/post/get_post_form_builder_data: the user's blogs, the limits, the user's settings. */
export function fetchFormBuilderData(api: ApiClient): Promise<FormBuilderData> {
  return api.post<FormBuilderData>('/svc/post/get_post_form_builder_data');
}

/** POST /svc/post/fetch for an edit: one of the user's posts, with its source. */
export function fetchPostToEdit(api: ApiClient, postId: number, blog?: string): Promise<FetchAnswer> {
  return api.post<FetchAnswer, FetchForm>('/svc/post/fetch', { post_id: String(postId), channel_id: blog });
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
): Promise<FetchAnswer> {
  return api.post<FetchAnswer, FetchForm>('/svc/post/fetch', {
    reblog_id: String(reblogId),
    reblog_key: reblogKey,
    post_type: postType,
  });
}

/**
 * POST /svc/post/update: creates, edits or reblogs a post. A failed check is a 400 whose
 * errors (the spec's errors map) the ApiError carries.
 */
export function savePost(api: ApiClient, fields: SaveFields): Promise<SaveAnswer> {
  return api.post<SaveAnswer, SaveFields>('/svc/post/update', fields);
}

/** POST /svc/filter_html_for_dash_preview: HTML or markdown as it will look once saved. */
export function filterHtmlForPreview(api: ApiClient, source: string, markdown: boolean): Promise<string> {
  return api
    .post<Preview, PreviewForm>('/svc/filter_html_for_dash_preview', { html: source, markdown: markdown ? '1' : '0' })
    .then((answer) => answer.html);
}
