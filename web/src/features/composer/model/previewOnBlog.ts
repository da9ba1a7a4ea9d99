// Preview on blog (spec 001 §4): a hidden form posted to the blog's post/preview address
// with the post's fields as inputs, opening in a new tab.
import type { FormChannel } from '../../../api/types/FormChannel';
import type { PostModel } from './postModel';
import { browserUtcOffset, saveFormFields } from './saveForm';

/**
 * Whether the server offers the preview page. It does not yet: there is no
 * POST /blog/{name}/post/preview (docs/api.md), so the option is shown but not offered.
 */
export const PREVIEW_ON_BLOG_AVAILABLE = false;

export function previewOnBlog(post: PostModel, channel: FormChannel, formKey: string): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = `${channel.blog_url}/post/preview`;
  form.target = '_blank';
  form.hidden = true;
  const fields = { ...saveFormFields(post, browserUtcOffset()), form_key: formKey };
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
