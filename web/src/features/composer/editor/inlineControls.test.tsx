// The rich editor's inline controls (spec 001 §1: inline photo, GIF, video embed, horizontal
// line and read-more; the GIF search itself is tested in features/gifSearch) in a text post's body: each puts its element in the text, and the save sends
// it as the body (post[two]). Also the video embed limit and its tooltip (§5 Other), and the
// title-focus shortcut that needs the form around the editor (§9).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ComposerHost, preloadComposer } from '..';
import { fakeApi } from '../../../test/fakeApi';
import { user } from '../../../test/fixtures';
import { saveAnswer, wirePost } from '../../../test/postFixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { formData } from '../model/testFormData';
import { fakeXhrPerTest } from '../../upload/fakeXhr';

beforeAll(() => preloadComposer(), 30_000);

// The inline image upload goes through the browser's XMLHttpRequest: a fake one here.
const made = fakeXhrPerTest();

/** A new text post with a title (so it can be saved), its body's toolbar ready. */
async function openTextPost({ embedLimit = 5 } = {}) {
  const data = formData();
  data.user.inline_embeds_per_post = embedLimit;
  const api = fakeApi({
    'POST /svc/post/get_post_form_builder_data': () => ({ response: data }),
    'POST /svc/post/update': () => ({ response: saveAnswer(wirePost(7, { tumblelog: 'alice' })) }),
  });
  renderWithProviders(<ComposerHost />, { client: api.client, user: user(), path: '/new/text' });
  fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), { target: { value: 'Inline' } });
  const toolbar = screen.getByRole('toolbar', { name: 'Text formatting' });
  /** Saves and answers the body the server was sent, without StarterKit's trailing empty line. */
  const savedBody = async () => {
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(api.requests.some((r) => r.path === '/svc/post/update')).toBe(true));
    const form = api.requests.find((r) => r.path === '/svc/post/update')!.form;
    return (form.get('post[two]') ?? '').replace(/<p><\/p>$/, '');
  };
  return { toolbar, savedBody };
}

const control = (toolbar: HTMLElement, name: string) => within(toolbar).getByRole('button', { name });

/** Answers the overlay input with Done, as a user would. */
function answerOverlay(label: string, value: string) {
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
  act(() => {
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
  });
}

const YOUTUBE_PLAYER =
  '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="540" height="304" allowfullscreen="true" frameborder="0"></iframe>';

describe('the inline controls (spec 001 §1)', () => {
  it("offers the five inline controls after the formatting buttons, in §1's order", async () => {
    const { toolbar } = await openTextPost();
    const names = within(toolbar)
      .getAllByRole('button')
      .slice(8)
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'Insert a photo',
      'Insert a GIF',
      'Insert a video',
      'Insert a horizontal line',
      'Insert a read-more break',
    ]);
  });

  it('inline photo by address: an image address goes in as a figure; any other address is refused', async () => {
    const { toolbar, savedBody } = await openTextPost();
    fireEvent.click(control(toolbar, 'Insert a photo'));
    const address = screen.getByRole('textbox', { name: 'Photo address' });
    fireEvent.change(address, { target: { value: 'https://example.com/page.html' } });
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement).disabled).toBe(true);
    answerOverlay('Photo address', 'https://example.com/cat.gif');
    expect(screen.queryByRole('textbox', { name: 'Photo address' })).toBeNull();
    expect(await savedBody()).toBe('<figure><img src="https://example.com/cat.gif" alt=""></figure>');
  });

  it('inline photo by upload: the uploaded image goes in with its size', async () => {
    const { toolbar, savedBody } = await openTextPost();
    fireEvent.click(control(toolbar, 'Insert a photo'));
    const file = new File(['gif!'], 'dance.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByLabelText('Upload a photo'), { target: { files: [file] } });
    await waitFor(() => expect(made).toHaveLength(1));
    expect(made[0].url).toBe('/svc/post/upload_text_image');
    expect((made[0].body!.get('image') as File).name).toBe('dance.gif');
    act(() => {
      made[0].answer({ url: '/media/dance.gif', width: 400, height: 300, raw_width: 400, raw_height: 300, error: null });
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Body' }).querySelector('img')).not.toBeNull());
    expect(await savedBody()).toBe(
      '<figure data-orig-width="400" data-orig-height="300"><img src="/media/dance.gif" alt="" width="400" height="300"></figure>',
    );
  });

  it("video embed: a youtube page goes in as its player", async () => {
    const { toolbar, savedBody } = await openTextPost();
    fireEvent.click(control(toolbar, 'Insert a video'));
    answerOverlay('Video address', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(await savedBody()).toBe(YOUTUBE_PLAYER);
  });

  it("video embed: at the limit the control says 'Sorry, you can't add more than N videos.' and adds none", async () => {
    const { toolbar, savedBody } = await openTextPost({ embedLimit: 2 });
    const video = control(toolbar, 'Insert a video');
    expect(video.getAttribute('title')).toMatch(/^Insert a video \(/);
    for (let i = 0; i < 2; i++) {
      fireEvent.click(video);
      answerOverlay('Video address', 'https://youtu.be/dQw4w9WgXcQ');
    }
    await waitFor(() => expect(video.getAttribute('aria-disabled')).toBe('true'));
    expect(video.getAttribute('title')).toBe("Sorry, you can't add more than 2 videos.");
    fireEvent.click(video);
    expect(screen.queryByRole('textbox', { name: 'Video address' })).toBeNull();
    // Nor by its shortcut, meta+shift+m.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Body' }), { key: 'M', keyCode: 77, ctrlKey: true, shiftKey: true });
    expect(screen.queryByRole('textbox', { name: 'Video address' })).toBeNull();
    expect(await savedBody()).toBe(YOUTUBE_PLAYER + YOUTUBE_PLAYER);
  });

  it('horizontal line: an hr', async () => {
    const { toolbar, savedBody } = await openTextPost();
    act(() => {
      fireEvent.click(control(toolbar, 'Insert a horizontal line'));
    });
    expect(await savedBody()).toBe('<hr>');
  });

  it("read-more: the [[MORE]] marker, which the editor shows as 'Keep reading'", async () => {
    const { toolbar, savedBody } = await openTextPost();
    act(() => {
      fireEvent.click(control(toolbar, 'Insert a read-more break'));
    });
    expect(screen.getByRole('separator', { name: 'Keep reading' })).toBeTruthy();
    expect(await savedBody()).toBe('<p>[[MORE]]</p>');
  });
});

describe('title focus, ctrl or meta+shift+1 (spec 001 §9)', () => {
  // Off a Mac (as here) "meta" is Ctrl too, so ctrl+shift+1 is the one combination.
  it('ctrl+shift+1 in the body moves the focus to the title', async () => {
    await openTextPost();
    const body = screen.getByRole('textbox', { name: 'Body' });
    body.focus();
    fireEvent.keyDown(body, { key: '!', keyCode: 49, shiftKey: true, ctrlKey: true });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Title' })));
  });
});
