import { afterEach, describe, expect, it, vi } from 'vitest';
import { testBlog } from './testFormData';
import { newPost } from './postModel';
import { previewOnBlog } from './previewOnBlog';
import { testLimits } from './testFormData';

afterEach(() => vi.restoreAllMocks());

describe('Preview on blog (spec 001 §4, docs/api.md POST /blog/{name}/post/preview)', () => {
  it("posts a hidden form with the post's save fields and the form key to the blog's post/preview, in a new tab", () => {
    let sent: { action: string; method: string; target: string; fields: [string, string][]; inDocument: boolean } | null = null;
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      sent = {
        action: new URL(this.action).pathname,
        method: this.method,
        target: this.target,
        fields: [...new FormData(this).entries()].map(([k, v]) => [k, String(v)]),
        inDocument: this.isConnected,
      };
    });
    const post = newPost('text', 'alice', testLimits);
    post.fields.title = 'A title';
    post.fields.body = '<p>Words & more</p>';
    post.tags = ['one', 'two'];

    previewOnBlog(post, testBlog('alice'), 'fk-1');

    expect(sent).not.toBeNull();
    const { action, method, target, fields, inDocument } = sent!;
    expect([action, method, target, inDocument]).toEqual(['/blog/alice/post/preview', 'post', '_blank', true]);
    const form = new Map(fields);
    expect(form.get('form_key')).toBe('fk-1');
    expect(form.get('channel_id')).toBe('alice');
    expect(form.get('post[type]')).toBe('text');
    expect(form.get('post[one]')).toBe('A title');
    expect(form.get('post[two]')).toBe('<p>Words & more</p>');
    expect(form.get('post[tags]')).toBe('one,two');
    // The hidden form goes once submitted.
    expect(document.querySelectorAll('form')).toHaveLength(0);
  });
});
