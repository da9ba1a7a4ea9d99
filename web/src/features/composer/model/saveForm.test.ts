import { describe, expect, it } from 'vitest';
import { newPost, type PhotoItem, type PostFields, type PostModel } from './postModel';
import { postFromWire } from '../../../api/postModels';
import { wirePost } from '../../../test/postFixtures';
import { testLimits, saveFormFields } from './testFormData';

const post = (type: PostModel['type'], fields: Partial<PostFields> = {}, extra: Partial<PostModel> = {}): PostModel => {
  const base = newPost(type, 'alice', testLimits);
  return { ...base, ...extra, fields: { ...base.fields, ...fields } };
};

describe('the save form (docs/api.md "The save form")', () => {
  it('maps each type to post[one|two|three]', () => {
    const pick = (p: PostModel) => {
      const f = saveFormFields(p, 0);
      return [f['post[one]'], f['post[two]'], f['post[three]']];
    };
    expect(pick(post('text', { title: 'T', body: '<p>B</p>' }))).toEqual(['T', '<p>B</p>', undefined]);
    expect(pick(post('quote', { quote: 'Q', source: 'S' }))).toEqual(['Q', 'S', undefined]);
    expect(pick(post('link', { url: 'example.com', title: 'T', caption: '<p>C</p>' }))).toEqual([
      'T',
      'http://example.com',
      '<p>C</p>',
    ]);
    expect(pick(post('chat', { title: 'T', chat: 'a: b' }))).toEqual(['T', 'a: b', undefined]);
    expect(pick(post('audio', { url: 'https://soundcloud.com/a/b', caption: 'C' }))).toEqual([undefined, 'C', 'https://soundcloud.com/a/b']);
    expect(pick(post('video', { embedCode: 'https://youtu.be/dQw4w9WgXcQ', caption: 'C' }))).toEqual([
      'https://youtu.be/dQw4w9WgXcQ',
      'C',
      undefined,
    ]);
    expect(pick(post('note', { ask: 'Q?', answer: 'A' }))).toEqual(['Q?', 'A', '']);
  });

  it('sends blank rich-editor output as empty', () => {
    expect(saveFormFields(post('text', { title: 'T', body: '<p></p>' }), 0)['post[two]']).toBe('');
  });

  it('sends photos by id, in order, with the click-through only for one photo', () => {
    const one = { id: 'o1', url: '/media/a.png', displayUrl: '', caption: 'first', upload: null, fileName: '', selfie: null };
    const two = { ...one, id: 'o2', url: 'https://img.example/b.jpg', caption: '' };
    const single = saveFormFields(post('photo', { photos: [one], linkthrough: ' https://example.com ' }), 0);
    expect(single['images[o1]']).toBe('/media/a.png');
    expect(single['caption[o1]']).toBe('first');
    expect(single['post[three]']).toBe('https://example.com');
    const set = saveFormFields(post('photo', { photos: [one, two], linkthrough: 'https://example.com' }), 0);
    expect(set['post[photoset_order]']).toBe('o1,o2');
    expect(set['post[three]']).toBe('');
  });

  it('says whether a photo came from the webcam: is_selfie for a snapshot, is_selfie_gif for its GIF (§7)', () => {
    const photo = (id: string, selfie: PhotoItem['selfie']): PhotoItem => ({
      id,
      url: `/media/${id}.jpg`,
      displayUrl: '',
      caption: '',
      upload: null,
      fileName: '',
      selfie,
    });
    const flags = (...photos: PhotoItem[]) => {
      const f = saveFormFields(post('photo', { photos }), 0);
      return [f.is_selfie, f.is_selfie_gif];
    };
    expect(flags(photo('o1', null))).toEqual(['0', '0']);
    expect(flags(photo('o1', 'photo'))).toEqual(['1', '0']);
    expect(flags(photo('o1', 'gif'))).toEqual(['0', '1']);
    // The server keeps one answer per post: a set with a webcam photo among others says so.
    expect(flags(photo('o1', null), photo('o2', 'photo'))).toEqual(['1', '0']);
    // Only a photo post sends them.
    const text = saveFormFields(post('text', { title: 'T' }), 0);
    expect([text.is_selfie, text.is_selfie_gif]).toEqual([undefined, undefined]);
  });

  it('sends uploads as preuploaded_url with the permission', () => {
    const f = saveFormFields(post('video', { preuploadUrl: '/media/v.mp4', confirmTos: true, embedCode: 'ignored' }), 0);
    expect([f.preuploaded_url, f.confirm_tos, f['post[one]']]).toEqual(['/media/v.mp4', '1', '']);
  });

  it('sends the tags comma-joined, the blog, the clock and the edit', () => {
    const f = saveFormFields(post('text', { title: 'T' }, { tags: ['a', 'b c'], postId: 9, mode: 'edit' }), 120);
    expect([f.channel_id, f['post[tags]'], f.utc_offset, f.post_id]).toEqual(['alice', 'a,b c', '120', '9']);
  });

  it('sends a reblog as its comment with the reblogged post and the tree choice', () => {
    const reblog = post('photo', { caption: '<p>nice</p>' }, {
      mode: 'reblog',
      removeReblogTree: true,
      reblog: { reblogId: 7, reblogKey: 'k7', reblogName: 'bob', shown: postFromWire(wirePost(7)) },
    });
    const f = saveFormFields(reblog, 0);
    expect([f.reblog_post_id, f.reblog_key, f['post[two]'], f.remove_reblog_tree, f['images[o1]']]).toEqual([
      '7',
      'k7',
      '<p>nice</p>',
      '1',
      undefined,
    ]);
    const note = saveFormFields({ ...reblog, type: 'note' }, 0);
    expect([note['post[two]'], note['post[three]']]).toEqual([undefined, '<p>nice</p>']);
  });

  it('sends copyright_fallback with audio and video posts (spec 001 §7)', () => {
    expect(saveFormFields(post('audio', { url: 'https://soundcloud.com/a/b' }), 0).copyright_fallback).toBe('0');
    expect(saveFormFields(post('audio', { url: 'https://soundcloud.com/a/b', copyrightFallback: true }), 0).copyright_fallback).toBe('1');
    expect(saveFormFields(post('video', { embedCode: 'https://youtu.be/dQw4w9WgXcQ', copyrightFallback: true }), 0).copyright_fallback).toBe('1');
    expect(saveFormFields(post('text', { title: 'T' }), 0)).not.toHaveProperty('copyright_fallback');
  });
});
