// Preview on blog (spec 001 §4): a hidden form posted to the blog's post/preview address
// (POST /blog/{name}/post/preview, docs/api.md) with the post's fields and the form key as
// inputs, opening the server's preview page in a new tab.
import type { FormChannel } from '../../../api/types/FormChannel';
import type { FormKeyField } from '../../../api/types/FormKeyField';
import type { PostModel } from './postModel';
import { browserUtcOffset, saveFormFields } from './saveForm';

export function previewOnBlog(post: PostModel, channel: FormChannel, formKey: string): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = `${channel.blog_url}/post/preview`;
  form.target = '_blank';
  form.hidden = true;
  const key: FormKeyField = { form_key: formKey };
  const fields = { ...saveFormFields(post, browserUtcOffset()), ...key };
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
