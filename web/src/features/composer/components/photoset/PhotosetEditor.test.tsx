import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeXhrPerTest } from '../../../upload/fakeXhr';
import { preloadComposer } from '../..';
import { renderComposerAt } from '../../testing';

beforeAll(() => preloadComposer(), 30_000);

const made = fakeXhrPerTest();

// jsdom lays nothing out: each photo of the set is given a place, one under the other, so that
// dnd-kit's keyboard moves (which go by where the photos are) have somewhere to go.
const PLACE = 100;
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const list = this.closest('ul[aria-label="Photos"]');
    const item = this.closest('li');
    const index = list && item ? Array.from(list.children).indexOf(item) : -1;
    const top = index < 0 ? 0 : index * PLACE;
    const height = index < 0 ? 0 : PLACE;
    return { x: 0, y: top, top, left: 0, width: height, height, right: height, bottom: top + height, toJSON: () => ({}) } as DOMRect;
  });
});
afterEach(() => vi.restoreAllMocks());

const renderPhotoForm = () => renderComposerAt('/new/photo');

const png = (name: string) => new File(['png!'], name, { type: 'image/png' });

/** Chooses the files and answers their uploads, one after the other (the uploader sends one at a time). */
async function uploadPhotos(...names: string[]) {
  const input = (await screen.findByLabelText('Upload photos')) as HTMLInputElement;
  const before = made.length;
  fireEvent.change(input, { target: { files: names.map(png) } });
  for (const [i, name] of names.entries()) {
    await waitFor(() => expect(made).toHaveLength(before + i + 1));
    made[before + i].answer({ photos: [{ url: `/media/${name}`, original_filename: name, width: 400, height: 300, error: null }] });
  }
  await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
}

const photoList = () => screen.getByRole('list', { name: 'Photos' });
const rowSizes = () => within(photoList()).getAllByRole('listitem').map((li) => Number(li.dataset.rowSize));
const shownOrder = () => within(photoList()).getAllByRole('img').map((img) => img.getAttribute('alt'));
/** dnd-kit listens for the next key only after a tick. */
const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the photo set editor (spec 000 §2.11, §3, §4, §9)', () => {
  it('uploads the chosen photos one at a time, in the order chosen', async () => {
    renderPhotoForm();
    const input = (await screen.findByLabelText('Upload photos')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [png('a.png'), png('b.png')] } });
    expect(made).toHaveLength(1);
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
    made[0].answer({ photos: [{ url: '/media/a.png', original_filename: 'a.png', width: 1, height: 1, error: null }] });
    await waitFor(() => expect(made).toHaveLength(2));
    expect((made[1].body!.get('photo') as File).name).toBe('b.png');
  });

  it('lays the photos out in the rows of the chosen layout, among the layouts their number may have', async () => {
    renderPhotoForm();
    await uploadPhotos('a.png', 'b.png', 'c.png');
    expect(rowSizes()).toEqual([1, 1, 1]);
    const chooser = screen.getByRole('group', { name: 'Layout' });
    expect(within(chooser).getAllByRole('radio').map((r) => (r as HTMLInputElement).checked)).toEqual([true, false]);
    fireEvent.click(within(chooser).getByRole('radio', { name: '1 + 2' }));
    expect(rowSizes()).toEqual([1, 2, 2]);
    // A fourth photo: '12' no longer holds them all, so one a row again, and 4's layout is offered.
    await uploadPhotos('d.png');
    expect(rowSizes()).toEqual([1, 1, 1, 1]);
    expect(within(screen.getByRole('group', { name: 'Layout' })).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['', '13']);
  });

  it('moves a photo by keyboard, and the save sends the new order with the layout', async () => {
    const { requests } = renderPhotoForm();
    await uploadPhotos('a.png', 'b.png', 'c.png');
    fireEvent.click(screen.getByRole('radio', { name: '1 + 2' }));
    const handle = screen.getByRole('button', { name: 'Move photo 3' });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space' });
    await tick();
    fireEvent.keyDown(handle, { code: 'ArrowUp' });
    await tick();
    fireEvent.keyDown(handle, { code: 'ArrowUp' });
    await tick();
    fireEvent.keyDown(handle, { code: 'Space' });
    await waitFor(() => expect(shownOrder()).toEqual(['c.png', 'a.png', 'b.png']));
    expect(rowSizes()).toEqual([1, 2, 2]);

    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/svc/post/update')).toBe(true));
    const form = requests.find((r) => r.path === '/svc/post/update')!.form;
    expect([form.get('post[photoset_order]'), form.get('post[photoset_layout]')]).toEqual(['o3,o1,o2', '12']);
    expect([form.get('images[o3]'), form.get('images[o1]')]).toEqual(['/media/c.png', '/media/a.png']);
  });

  it('cancels the upload of a photo removed while it uploads, without an alert', async () => {
    renderPhotoForm();
    const input = (await screen.findByLabelText('Upload photos')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [png('a.png'), png('b.png')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(made[0].aborted).toBe(true);
    // The next photo goes up at once.
    await waitFor(() => expect(made).toHaveLength(2));
    expect(within(photoList()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("alerts 'Upload error' with the file name when the upload gets no answer", async () => {
    renderPhotoForm();
    const input = (await screen.findByLabelText('Upload photos')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [png('a.png')] } });
    made[0].onerror?.();
    expect((await screen.findByRole('alertdialog')).textContent).toContain('a.png: Upload error');
    expect(screen.queryByRole('list', { name: 'Photos' })).toBeNull();
  });
});
