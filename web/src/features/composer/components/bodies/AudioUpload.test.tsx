// The audio post's MP3 upload failures (spec 001 §8 Audio upload error): an ordinary failure
// alerts; a 403 copyright refusal shows the server's warning, hides the uploader, fills the
// search with the suggested words and searches spotify, soundcloud and (in new mode) youtube,
// 3 results each; the save says so (copyright_fallback, §7).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AudioResult } from '../../../../api/types/AudioResult';
import type { FakeRequest } from '../../../../test/fakeApi';
import { wirePost } from '../../../../test/postFixtures';
import { preloadComposer } from '../..';
import { renderComposerAt } from '../../testing';
import { type FakeXhr, fakeXhrPerTest } from '../../../upload/fakeXhr';

// The form's code is loaded lazily in the app; here, once, before the tests time anything.
beforeAll(() => preloadComposer(), 30_000);

const made = fakeXhrPerTest();

const WARNING = 'This recording is protected by copyright. Try finding it below instead.';

/** upload_audio's copyright refusal, as the server sends it. */
function refuseAsCopyrighted(xhr: FakeXhr, searchString = 'The Band Blue') {
  xhr.respond(403, {
    meta: { status: 403, msg: 'Forbidden' },
    response: { is_copyright: true, message: WARNING, search_string: searchString },
    errors: [{ code: 'copyright', detail: WARNING }],
  });
}

const results = (service: string, count: number): AudioResult[] =>
  Array.from({ length: count }, (_, i) => ({
    service,
    url:
      service === 'youtube'
        ? `https://www.youtube.com/watch?v=video${i}abcd`
        : `https://${service === 'spotify' ? 'open.spotify.com' : 'soundcloud.com'}/track/blue-${i}`,
    title: `Blue ${service} ${i}`,
    artist: 'The Band',
    thumbnail: '',
  }));

/** Each service answers 5 results (more than either limit). */
const search_audio = (req: FakeRequest) => ({
  response: { results: results(req.form.get('audio_search_provider')!, 5), searchable: true },
});

const lookup = (req: FakeRequest) => ({
  response: {
    service: 'spotify',
    url: req.form.get('url')!,
    embed_url: 'https://player.example/spotify',
    track_title: '',
    track_artist: '',
    track_album: '',
    album_art: '',
  },
});

async function uploadMp3(name = 'song.mp3') {
  const input = (await screen.findByLabelText('Upload an MP3')) as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['ID3'], name, { type: 'audio/mpeg' })] } });
  await waitFor(() => expect(made).toHaveLength(1));
  expect(made[0].url).toBe('/svc/post/upload_audio');
  return made[0];
}

const dialog = () => screen.getByRole('dialog', { name: 'New audio post' });

describe('audio upload errors (spec 001 §8)', () => {
  it('alerts the returned error, and keeps the uploader', async () => {
    renderComposerAt('/new/audio');
    const xhr = await uploadMp3();
    xhr.fail(400, ['Only MP3 files can be uploaded.']);
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('Only MP3 files can be uploaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('Upload an MP3')).toBeTruthy();
    expect(screen.queryByText(WARNING)).toBeNull();
  });

  it("alerts 'Error uploading audio' when the failure says nothing, a 403 without the copyright flag included", async () => {
    renderComposerAt('/new/audio');
    const xhr = await uploadMp3();
    xhr.respond(403, { meta: { status: 403, msg: 'Forbidden' }, response: [], errors: [] });
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Error uploading audio');
    expect(screen.getByLabelText('Upload an MP3')).toBeTruthy();
  });

  it('on a copyright refusal shows the warning, hides the uploader and searches spotify, soundcloud and youtube for the suggested words, 3 results each', async () => {
    const { sent } = renderComposerAt('/new/audio', { routes: { 'POST /search_audio': search_audio } });
    refuseAsCopyrighted(await uploadMp3());

    expect((await screen.findByRole('alert')).textContent).toBe(WARNING);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByLabelText('Upload an MP3')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Search audio' }) as HTMLInputElement).value).toBe('The Band Blue');

    const youtube = await screen.findByRole('list', { name: 'YouTube results' });
    expect(sent('/search_audio').map((r) => [r.form.get('q'), r.form.get('audio_search_provider')])).toEqual([
      ['The Band Blue', 'spotify'],
      ['The Band Blue', 'soundcloud'],
      ['The Band Blue', 'youtube'],
    ]);
    expect(within(screen.getByRole('list', { name: 'Spotify results' })).getAllByRole('button')).toHaveLength(3);
    expect(within(screen.getByRole('list', { name: 'SoundCloud results' })).getAllByRole('button')).toHaveLength(3);
    expect(within(youtube).getAllByRole('button')).toHaveLength(3);
  });

  it('searches 3 results each for new words typed in the fallback, and saves the chosen track with copyright_fallback', async () => {
    const { sent } = renderComposerAt('/new/audio', {
      routes: { 'POST /search_audio': search_audio, 'POST /svc/post/get_spotify_data': lookup },
    });
    refuseAsCopyrighted(await uploadMp3());
    await screen.findByRole('list', { name: 'Spotify results' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search audio' }), { target: { value: 'blue again' } });
    await waitFor(() => expect(sent('/search_audio').filter((r) => r.form.get('q') === 'blue again')).toHaveLength(3));
    const spotify = await screen.findByRole('list', { name: 'Spotify results' });
    expect(within(spotify).getAllByRole('button')).toHaveLength(3);

    fireEvent.click(within(spotify).getByRole('button', { name: /Blue spotify 1/ }));
    await screen.findByRole('textbox', { name: 'Track title' });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent('/svc/post/update')).toHaveLength(1));
    const form = sent('/svc/post/update')[0].form;
    expect([form.get('post[type]'), form.get('post[three]'), form.get('copyright_fallback')]).toEqual([
      'audio',
      'https://open.spotify.com/track/blue-1',
      '1',
    ]);
  });

  it('makes the post a video post when a youtube result is chosen, still saying copyright_fallback', async () => {
    const { sent } = renderComposerAt('/new/audio', {
      routes: {
        'POST /search_audio': search_audio,
        'POST /svc/post/get_video_data': (req) => ({
          response: { url: (req.json as { embed_url: string }).embed_url, thumbnail: 'https://i.example/t.jpg', preview_iframe: '', embed_code: '', unsupported: false },
        }),
      },
    });
    refuseAsCopyrighted(await uploadMp3());
    const youtube = await screen.findByRole('list', { name: 'YouTube results' });
    fireEvent.click(within(youtube).getByRole('button', { name: /Blue youtube 0/ }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Search audio' })).toBeNull());
    await waitFor(() => expect(sent('/svc/post/get_video_data')).toHaveLength(1));
    const post = within(dialog()).getByRole('button', { name: 'Post' }) as HTMLButtonElement;
    await waitFor(() => expect(post.disabled).toBe(false));
    fireEvent.click(post);
    await waitFor(() => expect(sent('/svc/post/update')).toHaveLength(1));
    const form = sent('/svc/post/update')[0].form;
    expect([form.get('post[type]'), form.get('post[one]'), form.get('copyright_fallback')]).toEqual([
      'video',
      'https://www.youtube.com/watch?v=video0abcd',
      '1',
    ]);
  });

  it('leaves youtube out when editing an audio post', async () => {
    const audio = wirePost(12, {
      tumblelog: 'alice',
      is_mine: true,
      content: {
        type: 'audio',
        url: 'https://open.spotify.com/track/old',
        service: 'spotify',
        embed_url: 'https://player.example/spotify',
        track_title: 'Old',
        track_artist: '',
        track_album: '',
        album_art: '',
        caption: '',
      },
      source: { one: '', two: '', three: 'https://open.spotify.com/track/old' },
    });
    const { sent } = renderComposerAt('/edit/12', {
      routes: {
        'POST /svc/post/fetch': () => ({
          response: { post: audio, created_post: false, post_tumblelog: { post_url: '', name_or_id: 'alice', url: '/blog/alice', avatar: '' }, post_context_page: 'dashboard' },
        }),
        'POST /search_audio': search_audio,
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove audio' }));
    refuseAsCopyrighted(await uploadMp3());
    const soundcloud = await screen.findByRole('list', { name: 'SoundCloud results' });
    expect(within(soundcloud).getAllByRole('button')).toHaveLength(3);
    expect(sent('/search_audio').map((r) => r.form.get('audio_search_provider'))).toEqual(['spotify', 'soundcloud']);
    expect(screen.queryByRole('list', { name: 'YouTube results' })).toBeNull();
  });
});
