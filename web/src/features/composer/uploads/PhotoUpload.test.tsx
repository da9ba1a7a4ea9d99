import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadComposer } from '..';
import { renderComposerAt } from '../testing';
import { fakeXhrPerTest } from '../../upload/fakeXhr';
import { fakeCamera } from '../../webcam/fakeCamera';

// jsdom draws nothing on a canvas: a webcam snapshot is a stand-in JPEG.
vi.mock('../../webcam/capture', () => ({
  snapPicture: vi.fn((_video: HTMLVideoElement, o: { width: number; height: number }) => ({
    width: o.width,
    height: o.height,
    base64: 'data:image/jpeg;base64,/9j/4A==',
    isGif: false,
  })),
  grabGifFrame: vi.fn(),
}));

// The form's code is loaded lazily in the app; here, once, before the tests time anything.
beforeAll(() => preloadComposer(), 30_000);

const made = fakeXhrPerTest();

const renderPhotoForm = () => renderComposerAt('/new/photo');

const choose = async (...files: File[]) => {
  const input = (await screen.findByLabelText('Upload photos')) as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
};

describe('photo uploads', () => {
  it('shows a progress bar per upload, waits for it to save, then sends the uploaded photo', async () => {
    const { requests } = renderPhotoForm();
    await choose(new File(['png!'], 'cat.png', { type: 'image/png' }));
    const bar = screen.getByRole('progressbar', { name: 'Uploading cat.png' }) as HTMLProgressElement;
    const post = within(screen.getByRole('dialog')).getByRole('button', { name: 'Post' }) as HTMLButtonElement;
    expect(post.disabled).toBe(true);
    expect(made[0].url).toBe('/svc/post/upload_photo');
    expect(made[0].headers['X-Form-Key']).toBe('test-form-key');
    made[0].progress(50, 100);
    await waitFor(() => expect(bar.value).toBe(50));
    made[0].answer({ photos: [{ url: '/media/cat.png', original_filename: 'cat.png', width: 10, height: 10, error: null }] });
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Uploading cat.png' })).toBeNull());
    expect(post.disabled).toBe(false);
    fireEvent.click(post);
    await waitFor(() => expect(requests.some((r) => r.path === '/svc/post/update')).toBe(true));
    const form = requests.find((r) => r.path === '/svc/post/update')!.form;
    expect([form.get('images[o1]'), form.get('post[photoset_order]')]).toEqual(['/media/cat.png', 'o1']);
  });

  it('alerts the file name with the server error and removes the photo', async () => {
    renderPhotoForm();
    await choose(new File(['?'], 'weird.png', { type: 'image/png' }));
    made[0].answer({ photos: [{ url: '', original_filename: 'weird.png', width: 0, height: 0, error: 'Not an image.' }] });
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('weird.png: Not an image.');
    expect(screen.queryByRole('list', { name: 'Photos' })).toBeNull();
  });

  it("falls back to 'Woops :(' when the upload fails without a message", async () => {
    renderPhotoForm();
    await choose(new File(['?'], 'a.png', { type: 'image/png' }));
    made[0].respond(500, 'not json');
    expect((await screen.findByRole('alertdialog')).textContent).toContain('a.png: Woops :(');
  });

  it('says so when more photos are chosen than a post holds, and sends the ones it holds', async () => {
    renderPhotoForm();
    const files = Array.from({ length: 11 }, (_, i) => new File(['png!'], `p${i}.png`, { type: 'image/png' }));
    await choose(...files);
    expect((await screen.findByRole('alertdialog')).textContent).toContain('A post holds at most 10 photos: 1 photo was left out.');
    expect(within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem')).toHaveLength(10);
  });

  it('refuses a file over the limit before sending it', async () => {
    renderPhotoForm();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10_485_761 });
    await choose(big);
    expect(made).toHaveLength(0);
    expect((await screen.findByRole('alertdialog')).textContent).toContain('big.png: The file is too big. Squish it down, and try again!');
  });

  it("a selfie from 'Take a selfie' is uploaded as selfie.jpg and saved with is_selfie (001 §7)", async () => {
    const camera = fakeCamera();
    try {
      const { sent } = renderPhotoForm();
      fireEvent.click(await screen.findByRole('button', { name: 'Take a selfie' }));
      await act(async () => camera.allow());
      fireEvent.playing(screen.getByLabelText('Camera'));
      // Alt skips the countdown (002 §4).
      fireEvent.click(await screen.findByRole('button', { name: 'Snap' }), { altKey: true });
      fireEvent.click(screen.getByRole('button', { name: 'Use this photo' }));
      expect((made[0].body!.get('photo') as File).name).toBe('selfie.jpg');
      made[0].answer({ photos: [{ url: '/media/me.jpg', original_filename: 'selfie.jpg', width: 540, height: 405, error: null }] });
      await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
      fireEvent.click(within(screen.getByRole('dialog', { name: /post$/ })).getByRole('button', { name: 'Post' }));
      await waitFor(() => expect(sent('/svc/post/update')).toHaveLength(1));
      const form = sent('/svc/post/update')[0].form;
      expect([form.get('images[o1]'), form.get('is_selfie'), form.get('is_selfie_gif')]).toEqual(['/media/me.jpg', '1', '0']);
    } finally {
      camera.restore();
    }
  });

  it('a chosen file is no selfie', async () => {
    const { sent } = renderPhotoForm();
    await choose(new File(['png!'], 'cat.png', { type: 'image/png' }));
    made[0].answer({ photos: [{ url: '/media/cat.png', original_filename: 'cat.png', width: 10, height: 10, error: null }] });
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent('/svc/post/update')).toHaveLength(1));
    const form = sent('/svc/post/update')[0].form;
    expect([form.get('is_selfie'), form.get('is_selfie_gif')]).toEqual(['0', '0']);
  });
});
