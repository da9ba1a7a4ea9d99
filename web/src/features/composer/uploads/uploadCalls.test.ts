import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../api/client';
import { fakeXhrs } from '../../upload/fakeXhr';
import { testLimits } from '../model/testFormData';
import { uploadFile, uploaderOptionsFor } from './uploadCalls';

const api = () => {
  const client = new ApiClient(async () => new Response('{}'));
  client.setFormKey('key-1');
  return client;
};

describe('the upload calls (spec 001 §7)', () => {
  it('sends the file in its multipart field with the form key, reports progress, and reads the answer', async () => {
    const xhrs = fakeXhrs();
    const onProgress = vi.fn();
    const file = new File(['png!'], 'cat.png', { type: 'image/png' });
    const upload = uploadFile(api(), 'photo', file, onProgress, xhrs.make);
    const xhr = xhrs.last();
    expect([xhr.method, xhr.url, xhr.headers['X-Form-Key']]).toEqual(['POST', '/svc/post/upload_photo', 'key-1']);
    expect((xhr.body!.get('photo') as File).name).toBe('cat.png');
    xhr.progress(2, 4);
    expect(onProgress).toHaveBeenCalledWith(2, 4);
    const photo = { url: '/media/a.png', original_filename: 'cat.png', width: 1, height: 1, error: null };
    xhr.answer({ photos: [photo] });
    await expect(upload.done).resolves.toEqual({ url: '/media/a.png', originalFilename: 'cat.png', width: 1, height: 1, error: null });
  });

  it('uses each kind its own path and field', () => {
    const xhrs = fakeXhrs();
    const file = new File(['x'], 'x.bin');
    const cases = [
      ['inlineImage', '/svc/post/upload_text_image', 'image'],
      ['audio', '/svc/post/upload_audio', 'audio'],
      ['albumArt', '/svc/post/upload_album_art', 'album_art'],
      ['video', '/svc/post/upload_video', 'video'],
    ] as const;
    for (const [kind, path, field] of cases) {
      uploadFile(api(), kind, file, () => {}, xhrs.make).done.catch(() => {});
      expect(xhrs.last().url).toBe(path);
      expect(xhrs.last().body!.get(field)).toBeTruthy();
    }
  });

  it("gives the upload component each kind's endpoint, field, limit and media type", () => {
    const options = uploaderOptionsFor(api(), 'video', testLimits);
    expect([options.endpoint, options.field, options.maxUploadSize, options.mediaType, options.formKey()]).toEqual([
      '/svc/post/upload_video',
      'video',
      104_857_600,
      'video',
      'key-1',
    ]);
  });

  it('turns an error answer into an UploadError with the server messages', async () => {
    const xhrs = fakeXhrs();
    const upload = uploadFile(api(), 'video', new File(['x'], 'v.mp4'), () => {}, xhrs.make);
    xhrs.last().fail(400, ['Video file is too large']);
    await expect(upload.done).rejects.toMatchObject({ status: 400, messages: ['Video file is too large'] });
  });
});
