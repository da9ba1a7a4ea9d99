import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadComposer } from '..';
import { renderComposerAt } from '../testing';
import { fakeXhrPerTest } from '../../upload/fakeXhr';

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

  it('refuses a file over the limit before sending it', async () => {
    renderPhotoForm();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10_485_761 });
    await choose(big);
    expect(made).toHaveLength(0);
    expect((await screen.findByRole('alertdialog')).textContent).toContain('big.png: The file is too big. Squish it down, and try again!');
  });
});
