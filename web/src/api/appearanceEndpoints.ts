// Edit appearance (docs/api.md "Edit appearance"): a blog's owner saves its title,
// description and theme. Only the fields that change are sent.
import type { ApiClient } from './client';
import { blogFromWire, type Blog } from './models';
import type { AppearanceForm } from './types/AppearanceForm';
import type { BlogWithActivity } from './types/BlogWithActivity';

/**
 * POST /svc/blog/appearance (JSON, the form key in X-Form-Key): answers the blog as the owner
 * now sees it. A wrong field is a 400 whose error names it (`global_theme_params.title_color`,
 * `title`, `description`): ApiError.fieldErrors.
 */
export function saveAppearance(api: ApiClient, form: AppearanceForm): Promise<Blog> {
  return api.postJson<BlogWithActivity, AppearanceForm>('/svc/blog/appearance', form).then(blogFromWire);
}
