import { describe, expect, it } from 'vitest';
import { postFromWire } from '../../../api/postModels';
import type { PostContent } from '../../../api/types/PostContent';
import { contentForReblog, modelForEdit, modelForReblog, trailAfter } from './fromFetch';
import { wirePost } from '../../../test/postFixtures';
import { fetched, testLimits, saveFormFields } from './testFormData';

describe('the form of a fetched post', () => {
  it('prefills an edit from the source and the post fields', () => {
    const model = modelForEdit(
      fetched(wirePost(7, {
        id: 9,
        tumblelog: 'alice',
        state: 'draft',
        tags: ['art'],
        slug: 'my-day',
        editor_type: 'markdown',
        content: { type: 'link', url: 'http://example.com/', title: 'T', excerpt: 'E', author: 'A', publisher: 'example.com', thumbnail: null, caption: '' },
        source: { one: 'T', two: 'example.com', three: 'my *caption*' },
      })),
      testLimits,
    );
    expect(model.mode).toBe('edit');
    expect([model.postId, model.blog, model.state, model.initialState, model.editorType]).toEqual([9, 'alice', 'draft', 'draft', 'markdown']);
    expect([model.fields.title, model.fields.url, model.fields.caption, model.fields.excerpt, model.fields.author]).toEqual([
      'T',
      'example.com',
      'my *caption*',
      'E',
      'A',
    ]);
    expect([model.tags, model.customUrl]).toEqual([['art'], 'my-day']);
  });

  it("keeps a webcam photo's selfie through an edit: the save says it again (001 §7)", () => {
    const content = {
      type: 'photo',
      photos: [
        { url: '/media/a.gif', width: 270, height: 203, caption: '' },
        { url: '/media/b.png', width: 10, height: 10, caption: '' },
      ],
      layout: '2',
      linkthrough: '',
      caption: '',
      selfie: 'gif',
    } satisfies PostContent;
    const edited = modelForEdit(fetched(wirePost(7, { content, source: { one: '', two: '', three: '' } })), testLimits);
    expect(edited.fields.photos.map((p) => p.selfie)).toEqual(['gif', 'gif']);
    const form = saveFormFields(edited, 0);
    expect([form.is_selfie, form.is_selfie_gif]).toEqual(['0', '1']);

    // Any other photo post: no selfie.
    const plain = modelForEdit(fetched(wirePost(7, { content: { ...content, selfie: null }, source: { one: '', two: '', three: '' } })), testLimits);
    expect(plain.fields.photos.map((p) => p.selfie)).toEqual([null, null]);
  });

  it('reads an uploaded video back as an upload already agreed to', () => {
    const model = modelForEdit(
      fetched(wirePost(7, { content: { type: 'video', url: '/media/v.mp4', service: 'direct', embed_url: '', caption: '' }, source: { one: '', two: '', three: '' } })),
      testLimits,
    );
    expect([model.fields.preuploadUrl, model.fields.confirmTos, model.fields.embedCode]).toEqual(['/media/v.mp4', true, '']);
  });

  it('carries the parent own words into a reblog tree, and its media without them', () => {
    const parent = postFromWire(
      wirePost(7, { content: { type: 'photo', photos: [{ url: '/media/a.png', width: 1, height: 1, caption: '' }], layout: '', linkthrough: '', caption: '<p>mine</p>', selfie: null } }),
    );
    const trail = trailAfter(parent);
    expect(trail).toHaveLength(1);
    expect([trail[0].blogName, trail[0].content, trail[0].isOriginalEntry]).toEqual(['bob', '<p>mine</p>', true]);
    expect(contentForReblog(parent.content)).toMatchObject({ caption: '' });
    const model = modelForReblog(parent, 'alice', 'rich', testLimits);
    expect([model.mode, model.blog, model.type, model.reblog?.reblogId, model.reblog?.reblogName]).toEqual(['reblog', 'alice', 'photo', 7, 'bob']);
  });

  it('appends a reblogged reblog comment to its tree', () => {
    const earlier = { pid: 3, name: 'carol', permalink: '', content: '<p>first</p>', avatar_url: '', title: 'T', is_original_entry: true };
    const parent = postFromWire(wirePost(7, { is_reblog: true, reblog_trail: [earlier], reblog_comment: '<p>second</p>' }));
    expect(trailAfter(parent).map((t) => t.content)).toEqual(['<p>first</p>', '<p>second</p>']);
  });
});
