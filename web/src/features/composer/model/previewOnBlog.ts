// Preview on blog (spec 001 §4): a hidden form posted to the blog's post/preview address
// (POST /blog/{name}/post/preview, docs/api.md) with the post's save form and the form key as
// inputs, opening the server's preview page in a new tab.
import type { ComposerBlog } from '../../../api/composerModels';
import { previewFieldsOf } from '../../../api/postSave';
import type { PostModel } from './postModel';
import { browserUtcOffset, postSaveOf } from './saveForm';

export function previewOnBlog(post: PostModel, blog: ComposerBlog, formKey: string): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = `${blog.blogUrl}/post/preview`;
  form.target = '_blank';
  form.hidden = true;
  for (const [name, value] of Object.entries(previewFieldsOf(postSaveOf(post, browserUtcOffset()), formKey))) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
