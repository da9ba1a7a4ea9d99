import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeXhrPerTest, type FakeXhr } from '../../upload/fakeXhr';
import { cropToFile } from '../headerCrop';
import { findSavedFrame } from '../savedFrame';
import { appearanceForm, mine, renderAppearancePage } from './renderAppearancePage';

// jsdom has no canvas: the crop is a stand-in file, the preview a stand-in address. What they
// are asked to draw is checked; the drawing itself is the e2e test's.
vi.mock('../headerCrop', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../headerCrop')>()),
  cropToFile: vi.fn(),
  cropPreviewUrl: vi.fn(() => PREVIEW),
}));
const PREVIEW = 'data:image/png;base64,ZnJhbWVk';
// Nor can it read the pixels that say where the saved crop was cut: that search is
// locateCrop's test and the e2e test's; here it finds nothing unless a test says.
vi.mock('../savedFrame', () => ({ findSavedFrame: vi.fn() }));

const uploads = fakeXhrPerTest();
beforeEach(() => {
  vi.mocked(cropToFile).mockReset();
  vi.mocked(cropToFile).mockImplementation(async (_image, _frame, _size, type, name) => new File(['crop'], name, { type }));
  vi.mocked(findSavedFrame).mockReset();
  vi.mocked(findSavedFrame).mockResolvedValue(null);
});

const photo = (url: string, width: number, height: number) => ({
  photos: [{ url, original_filename: url.split('/').pop(), width, height, error: null }],
});
const sentFile = (xhr: FakeXhr) => xhr.body?.get('photo') as File;
/** What the preview's header shows (its image's address), or null. */
const previewHeader = () =>
  screen
    .getByRole('article', { name: 'Preview of alice' })
    .querySelector<HTMLImageElement>('.blog-card__header-image')
    ?.getAttribute('src') ?? null;

/** The step's image as if the browser had read it at `width` × `height` (jsdom loads no images). */
function loadFramedImage(width: number, height: number) {
  const image = document.querySelector<HTMLImageElement>('.header-focus__image')!;
  Object.defineProperty(image, 'naturalWidth', { value: width });
  Object.defineProperty(image, 'naturalHeight', { value: height });
  fireEvent.load(image);
  return image;
}

async function chooseFile(edit: ReturnType<typeof within>, file = new File(['png'], 'sea.png', { type: 'image/png' })) {
  fireEvent.change(edit.getByLabelText('Upload a header image'), { target: { files: [file] } });
  await edit.findByRole('group', { name: 'Choose what the header shows' });
}

const withHeader = () =>
  mine({
    global_theme_params: {
      ...mine().global_theme_params,
      header_image: '/media/old.png',
      header_image_focused: '/media/old-focus.png',
      header_image_dimens: { width: 1000, height: 500 },
    },
  });

describe('the header image field', () => {
  it('frames a chosen image, uploads it and its crop, and saves both with the original size', async () => {
    const { requests } = renderAppearancePage(() => ({ response: mine() }));
    const edit = within(await appearanceForm());
    await chooseFile(edit);
    const image = loadFramedImage(2000, 1000);

    // The frame (the blog page header's 540:104) starts as large as it goes, in the middle,
    // and has the keyboard.
    const frame = edit.getByRole('application', { name: 'Header frame' });
    expect(document.activeElement).toBe(frame);
    const where = edit.getByText(/^The header shows/);
    expect(where.textContent).toBe('The header shows the image from 0% to 100% across and 31% to 69% down.');
    fireEvent.keyDown(frame, { key: 'ArrowDown' });
    expect(where.textContent).toBe('The header shows the image from 0% to 100% across and 33% to 71% down.');
    fireEvent.change(edit.getByRole('slider', { name: 'Zoom' }), { target: { value: '2' } });
    expect(where.textContent).toBe('The header shows the image from 25% to 75% across and 42% to 62% down.');
    // The page's preview follows the frame before anything is applied.
    await waitFor(() => expect(previewHeader()).toContain(PREVIEW));

    fireEvent.click(edit.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(uploads).toHaveLength(2));
    const [, framed, size, type, name] = vi.mocked(cropToFile).mock.calls[0];
    expect(framed.width).toBe(1000);
    expect(size).toEqual({ width: 1000, height: 193 });
    expect([type, name]).toEqual(['image/png', 'sea-header.png']);
    expect(vi.mocked(cropToFile).mock.calls[0][0]).toBe(image);
    // Both go up with the header's upload call: the original, and the crop.
    expect(uploads.map((xhr) => xhr.url)).toEqual(['/svc/post/upload_photo', '/svc/post/upload_photo']);
    expect(uploads.map((xhr) => sentFile(xhr).name)).toEqual(['sea.png', 'sea-header.png']);
    uploads[0].answer(photo('/media/sea.png', 1080, 540));
    uploads[1].answer(photo('/media/sea-focus.png', 1000, 193));

    expect(await edit.findByRole('img', { name: 'The current header' })).toHaveProperty(
      'src',
      expect.stringContaining('/media/sea-focus.png'),
    );
    await waitFor(() => expect(previewHeader()).toContain('/media/sea-focus.png'));
    fireEvent.click(edit.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/svc/blog/appearance')).toBe(true));
    expect(requests.find((r) => r.path === '/svc/blog/appearance')?.json).toEqual({
      tumblelog: 'alice',
      global_theme_params: {
        header_image: '/media/sea.png',
        header_image_focused: '/media/sea-focus.png',
        header_image_dimens: { width: 1080, height: 540 },
      },
    });
    await screen.findByText('Saved.');
  });

  it('adjusts the saved header: only the new crop goes up, and only the focused image changes', async () => {
    const { requests } = renderAppearancePage(() => ({ response: withHeader() }), withHeader());
    const edit = within(await appearanceForm());
    fireEvent.click(edit.getByRole('button', { name: 'Adjust header image' }));
    const image = loadFramedImage(1000, 500);
    // The original is framed again, not the crop the cards show.
    expect(image.getAttribute('src')).toBe('/media/old.png');
    fireEvent.keyDown(await edit.findByRole('application', { name: 'Header frame' }), { key: 'PageUp' });
    fireEvent.click(edit.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(sentFile(uploads[0]).name).toBe('old-header.png');
    uploads[0].answer(photo('/media/old-top.png', 1000, 193));
    await edit.findByRole('button', { name: 'Adjust header image' });
    fireEvent.click(edit.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/svc/blog/appearance')).toBe(true));
    expect(requests.find((r) => r.path === '/svc/blog/appearance')?.json).toEqual({
      tumblelog: 'alice',
      global_theme_params: { header_image_focused: '/media/old-top.png' },
    });
  });

  it('Adjust starts from the framing saved last, not from the middle', async () => {
    // Where the saved crop (header_image_focused) was cut from the original: 10% across, at
    // half the largest frame's width.
    vi.mocked(findSavedFrame).mockResolvedValue({ x: 100, y: 150, width: 500, height: 500 / (540 / 104) });
    renderAppearancePage(() => ({ response: withHeader() }), withHeader());
    const edit = within(await appearanceForm());
    fireEvent.click(edit.getByRole('button', { name: 'Adjust header image' }));
    const image = loadFramedImage(1000, 500);
    expect(edit.getByText('Finding what the header shows now…')).toBeTruthy();
    const frame = await edit.findByRole('application', { name: 'Header frame' });
    expect(vi.mocked(findSavedFrame).mock.calls).toEqual([[image, '/media/old-focus.png']]);
    expect(edit.getByText(/^The header shows/).textContent).toBe(
      'The header shows the image from 10% to 60% across and 30% to 49% down.',
    );
    expect((edit.getByRole('slider', { name: 'Zoom' }) as HTMLInputElement).value).toBe('2');
    expect(document.activeElement).toBe(frame);
    // Apply as it is crops what the header shows already.
    fireEvent.click(edit.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(vi.mocked(cropToFile).mock.calls[0][1]).toEqual({ x: 100, y: 150, width: 500, height: 500 / (540 / 104) });
  });

  it('a new image, or a header whose crop cannot be found, is framed from the middle', async () => {
    renderAppearancePage(() => ({ response: withHeader() }), withHeader());
    const edit = within(await appearanceForm());
    fireEvent.click(edit.getByRole('button', { name: 'Adjust header image' }));
    loadFramedImage(1000, 500);
    await edit.findByRole('application', { name: 'Header frame' });
    expect(edit.getByText(/^The header shows/).textContent).toBe(
      'The header shows the image from 0% to 100% across and 31% to 69% down.',
    );
    fireEvent.click(edit.getByRole('button', { name: 'Cancel' }));

    const file = new File(['png'], 'sea.png', { type: 'image/png' });
    fireEvent.change(await edit.findByLabelText('Replace header image'), { target: { files: [file] } });
    await edit.findByRole('group', { name: 'Choose what the header shows' });
    loadFramedImage(1000, 500);
    await edit.findByRole('application', { name: 'Header frame' });
    // Only the saved header's crop is looked for.
    expect(vi.mocked(findSavedFrame)).toHaveBeenCalledTimes(1);
  });

  it('Cancel keeps the previous header, in the form and in the preview', async () => {
    renderAppearancePage(() => ({ response: withHeader() }), withHeader());
    const edit = within(await appearanceForm());
    fireEvent.click(edit.getByRole('button', { name: 'Adjust header image' }));
    loadFramedImage(1000, 500);
    fireEvent.keyDown(await edit.findByRole('application', { name: 'Header frame' }), { key: 'ArrowUp' });
    await waitFor(() => expect(previewHeader()).toContain(PREVIEW));
    fireEvent.click(edit.getByRole('button', { name: 'Cancel' }));
    expect(previewHeader()).toContain('/media/old-focus.png');
    expect(edit.getByRole('img', { name: 'The current header' }).getAttribute('src')).toBe('/media/old-focus.png');
    expect(uploads).toHaveLength(0);
    expect((edit.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when an upload fails, keeps the previous header, and Apply again sends only what is missing', async () => {
    renderAppearancePage(() => ({ response: mine() }));
    const edit = within(await appearanceForm());
    await chooseFile(edit);
    loadFramedImage(1200, 800);
    fireEvent.click(edit.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(uploads).toHaveLength(2));
    uploads[0].answer(photo('/media/sea.png', 1080, 720));
    uploads[1].fail(500, ['The disk is full.']);
    expect((await edit.findByRole('alert')).textContent).toBe(
      'The header image could not be uploaded: The disk is full. Your header image is unchanged.',
    );
    expect((edit.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    // The original is up already: a second Apply sends the crop alone.
    fireEvent.click(edit.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(uploads).toHaveLength(3));
    expect(sentFile(uploads[2]).name).toBe('sea-header.png');
    uploads[2].answer(photo('/media/sea-focus.png', 1080, 208));
    expect(await edit.findByRole('img', { name: 'The current header' })).toBeTruthy();
    expect((edit.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says when the image cannot be read or cropped, and changes nothing', async () => {
    renderAppearancePage(() => ({ response: mine() }));
    const edit = within(await appearanceForm());
    await chooseFile(edit, new File(['not an image'], 'notes.png', { type: 'image/png' }));
    fireEvent.error(document.querySelector('.header-focus__image')!);
    const input = await edit.findByLabelText('Upload a header image');
    expect(edit.getByText(/^That file could not be read as an image/).textContent).toBe(
      'That file could not be read as an image: choose a JPEG, PNG, GIF or WebP. Your header image is unchanged.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(edit.getByText('No header image.')).toBeTruthy();

    vi.mocked(cropToFile).mockRejectedValue(new (await import('../headerCrop')).CropError());
    await chooseFile(edit);
    loadFramedImage(800, 600);
    fireEvent.click(edit.getByRole('button', { name: 'Apply' }));
    expect((await edit.findByRole('alert')).textContent).toBe(
      'The image could not be cropped in this browser. Your header image is unchanged.',
    );
    expect(uploads).toHaveLength(0);
  });
});
