import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmbedData } from '../../../../api/types/EmbedData';
import type { FakeRoute } from '../../../../test/fakeApi';
import { preloadComposer } from '../..';
import { renderComposerAt } from '../../testing';

// The form's code is loaded lazily in the app; here, once, before the tests time anything.
beforeAll(() => preloadComposer(), 30_000);

afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

const youtube: EmbedData = {
  url: 'https://youtu.be/dQw4w9WgXcQ',
  thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
  preview_iframe: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
  embed_code: '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
  unsupported: false,
};

const file: EmbedData = {
  url: 'https://example.com/clip.mp4',
  thumbnail: '',
  preview_iframe: '',
  embed_code: '<video src="https://example.com/clip.mp4"></video>',
  unsupported: false,
};

async function openVideo(videoData: FakeRoute) {
  const view = renderComposerAt('/new/video', { routes: { 'POST /svc/post/get_video_data': videoData } });
  const field = await screen.findByRole('textbox', { name: 'Video URL or embed code' });
  // Only the test moves the clock from here: a slow machine cannot stretch the delays.
  vi.useFakeTimers();
  const asked = () => view.sent('/svc/post/get_video_data');
  return { ...view, field, asked };
}

const dialog = () => screen.getByRole('dialog', { name: 'New video post' });

describe('the video post (spec 001 §4 Video post, §7 get_video_data)', () => {
  it('asks for the embed as JSON 250 ms after typing, and previews the player', async () => {
    const { field, asked } = await openVideo(() => ({ response: youtube }));
    fireEvent.change(field, { target: { value: 'https://youtu.be/dQw4w9WgXcQ' } });
    await advance(200);
    expect(asked()).toHaveLength(0);
    await advance(100);
    expect(asked().map((r) => r.json)).toEqual([{ embed_url: 'https://youtu.be/dQw4w9WgXcQ', embed_width: 540 }]);
    const player = screen.getByTitle('Video preview');
    expect(player.getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(screen.getByRole('textbox', { name: 'Caption' })).toBeTruthy();
    // It had a thumbnail: asked once.
    await advance(2500);
    expect(asked()).toHaveLength(1);
  });

  it('asks once more, 2000 ms later, when the answer has no thumbnail', async () => {
    const { field, asked } = await openVideo(() => ({ response: file }));
    fireEvent.change(field, { target: { value: 'https://example.com/clip.mp4' } });
    await advance(300);
    expect(asked()).toHaveLength(1);
    expect(dialog().querySelector('video')?.getAttribute('src')).toBe('https://example.com/clip.mp4');
    await advance(1900);
    expect(asked()).toHaveLength(1);
    await advance(200);
    expect(asked()).toHaveLength(2);
    await advance(5000);
    expect(asked()).toHaveLength(2);
  });

  it('turns the preview off when the file cannot play', async () => {
    const { field } = await openVideo(() => ({ response: file }));
    fireEvent.change(field, { target: { value: 'https://example.com/clip.mp4' } });
    await advance(300);
    fireEvent.error(dialog().querySelector('video')!);
    expect(screen.getByText('This video embed stopped working. Try another?')).toBeTruthy();
    expect(dialog().querySelector('video')).toBeNull();
  });

  it("marks the field invalid: 'Invalid embed response' for what the server cannot embed, 'Invalid embed code' for bad code", async () => {
    const { field, asked } = await openVideo(() => ({ response: { ...file, unsupported: true } }));
    fireEvent.change(field, { target: { value: 'https://example.com/clip.mp4' } });
    await advance(300);
    expect(screen.getByText('Invalid embed response')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: '<div>no player</div>' } });
    expect(screen.getByText('Invalid embed code')).toBeTruthy();
    await advance(300);
    // Code without a player is not asked about; the save names what is missing.
    expect(asked()).toHaveLength(1);
    expect((within(dialog()).getByRole('button', { name: 'Post' }) as HTMLButtonElement).disabled).toBe(true);
    // Empty input just resets.
    fireEvent.change(field, { target: { value: '' } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });
});
