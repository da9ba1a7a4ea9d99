import { describe, expect, it } from 'vitest';
import { newPost, type PostFields, type PostModel } from './postModel';
import { postFromWire } from '../../../api/postModels';
import { wirePost } from '../../../test/postFixtures';
import { validationErrors } from './validation';
import { testLimits } from './testFormData';

const post = (type: PostModel['type'], fields: Partial<PostFields> = {}): PostModel => {
  const base = newPost(type, 'alice', testLimits);
  return { ...base, fields: { ...base.fields, ...fields } };
};

describe('client validation (spec 001 §5)', () => {
  it('names what each empty type lacks, in the spec words', () => {
    expect(validationErrors(post('text'))).toEqual(['Post body empty.']);
    expect(validationErrors(post('text', { body: '<p></p>' }))).toEqual(['Post body empty.']);
    expect(validationErrors(post('photo'))).toEqual(['No photos specified.']);
    expect(validationErrors(post('quote'))).toEqual(['No quote.']);
    expect(validationErrors(post('link'))).toEqual(['No url.']);
    expect(validationErrors(post('chat'))).toEqual(['No chat.']);
    expect(validationErrors(post('note'))).toEqual(['Post question empty.']);
    expect(validationErrors(post('audio'))).toEqual(['Please choose an audio source before continuing.']);
    expect(validationErrors(post('video'))).toEqual(['No video specified.']);
  });

  it('accepts a text post with a title, or a body that is only an image', () => {
    expect(validationErrors(post('text', { title: 'Hi' }))).toEqual([]);
    expect(validationErrors(post('text', { body: '<figure><img src="/media/a.png"></figure>' }))).toEqual([]);
  });

  it('asks for permission to share an uploaded file', () => {
    const upload = post('audio', { preuploadUrl: '/media/a.mp3' });
    expect(validationErrors(upload)).toEqual(['You must agree that you have permission to share this file.']);
    expect(validationErrors({ ...upload, fields: { ...upload.fields, confirmTos: true } })).toEqual([]);
  });

  it('refuses a link that is not a URL and a photo still uploading', () => {
    expect(validationErrors(post('link', { url: 'javascript:alert(1)' }))).toEqual(['Not a valid URL']);
    const uploading = post('photo', {
      photos: [{ id: 'o1', url: '', displayUrl: 'blob:x', caption: '', upload: 'u1', fileName: 'a.png', selfie: null }],
    });
    expect(validationErrors(uploading)).toEqual(['Uploads in progress.']);
  });

  it('disables saving while any upload runs', () => {
    const p = post('text', { title: 'Hi' });
    expect(validationErrors({ ...p, uploads: [{ id: 'u1', kind: 'inlineImage', fileName: 'a.png', loaded: 0, total: 1 }] })).toEqual([
      'Uploads in progress.',
    ]);
  });

  it('lets a text reblog go without a comment when it has a tree', () => {
    const reblog: PostModel = {
      ...post('text'),
      mode: 'reblog',
      reblog: {
        reblogId: 7,
        reblogKey: 'k',
        reblogName: 'bob',
        shown: postFromWire(
          wirePost(7, {
            content: { type: 'text', title: '', body: '' },
            reblog_trail: [{ pid: 7, name: 'bob', permalink: '', content: '<p>x</p>', avatar_url: '', title: '', is_original_entry: true }],
          }),
        ),
      },
    };
    expect(validationErrors(reblog)).toEqual([]);
    expect(validationErrors({ ...reblog, removeReblogTree: true })).toEqual(['Post body empty.']);
  });
});
