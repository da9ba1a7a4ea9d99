import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AudioData } from '../../../../api/types/AudioData';
import type { AudioResult } from '../../../../api/types/AudioResult';
import type { FakeRequest, FakeRoute } from '../../../../test/fakeApi';
import { preloadComposer } from '../..';
import { renderComposerAt } from '../../testing';

// The form's code is loaded lazily in the app; here, once, before the tests time anything.
beforeAll(() => preloadComposer(), 30_000);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const track = (service: string, url: string, extra: Partial<AudioData> = {}): AudioData => ({
  service,
  url,
  embed_url: `https://player.example/${service}`,
  track_title: '',
  track_artist: '',
  track_album: '',
  album_art: '',
  ...extra,
});

const result = (service: string, title: string): AudioResult => ({
  service,
  url: `https://open.spotify.com/track/${title.toLowerCase()}`,
  title,
  artist: 'The Band',
  thumbnail: 'https://i.example/art.jpg',
});

/** Answers a lookup from the URL, as the server's offline provider does. */
const lookup: FakeRoute = (req: FakeRequest) => {
  const service = /get_(\w+)_data/.exec(req.path)![1];
  return { response: track(service, req.form.get('url')!) };
};

function openAudio(routes: Record<string, FakeRoute> = {}) {
  const view = renderComposerAt('/new/audio', {
    routes: {
      'POST /svc/post/get_spotify_data': lookup,
      'POST /svc/post/get_soundcloud_data': lookup,
      'POST /svc/post/get_bandcamp_data': lookup,
      'POST /search_audio': () => ({ response: { results: [], searchable: true } }),
      ...routes,
    },
  });
  return view;
}

const dialog = () => screen.getByRole('dialog', { name: 'New audio post' });

describe('the audio post (spec 001 §4 Audio post)', () => {
  it('searches spotify and soundcloud 200 ms after typing, lists the results by service, and takes the one chosen', async () => {
    const { sent } = openAudio({
      'POST /search_audio': (req) => ({
        response: {
          results: req.form.get('audio_search_provider') === 'spotify' ? [result('spotify', 'Blue'), result('spotify', 'Bluer')] : [],
          searchable: true,
        },
      }),
    });
    const field = await screen.findByRole('textbox', { name: 'Search audio' });
    fireEvent.change(field, { target: { value: 'blu' } });
    await pause(100);
    fireEvent.change(field, { target: { value: 'blue' } });
    await pause(100);
    expect(sent('/search_audio')).toHaveLength(0);
    const results = await screen.findByRole('list', { name: 'Spotify results' });
    expect(sent('/search_audio').map((r) => [r.form.get('q'), r.form.get('audio_search_provider')])).toEqual([
      ['blue', 'spotify'],
      ['blue', 'soundcloud'],
      ['blue', 'apple_music'],
    ]);
    expect(screen.queryByRole('list', { name: 'SoundCloud results' })).toBeNull();
    fireEvent.click(within(results).getByRole('button', { name: /Bluer/ }));

    // The service's details fill what it has; the result names the track where it does not.
    const title = (await screen.findByRole('textbox', { name: 'Track title' })) as HTMLInputElement;
    expect(sent('/svc/post/get_spotify_data')[0].form.get('url')).toBe('https://open.spotify.com/track/bluer');
    expect(title.value).toBe('Bluer');
    expect((screen.getByRole('textbox', { name: 'Artist' }) as HTMLInputElement).value).toBe('The Band');
    expect(screen.getByTitle('Audio player').getAttribute('src')).toBe('https://player.example/spotify');
    expect(screen.queryByRole('textbox', { name: 'Search audio' })).toBeNull();

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent('/svc/post/update')).toHaveLength(1));
    const form = sent('/svc/post/update')[0].form;
    expect([form.get('post[three]'), form.get('id3_tags[title]'), form.get('album_art')]).toEqual([
      'https://open.spotify.com/track/bluer',
      'Bluer',
      'https://i.example/art.jpg',
    ]);
  });

  it('says so when nothing is found', async () => {
    openAudio();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Search audio' }), { target: { value: 'nothing' } });
    expect(await screen.findByText('No results for “nothing”.')).toBeTruthy();
  });

  it('looks a pasted service URL up after 250 ms; removing the media goes back to the search', async () => {
    const { sent } = openAudio();
    const field = await screen.findByRole('textbox', { name: 'Search audio' });
    fireEvent.change(field, { target: { value: 'https://soundcloud.com/artist/track' } });
    await screen.findByRole('textbox', { name: 'Track title' });
    expect(sent('/svc/post/get_soundcloud_data')).toHaveLength(1);
    expect(sent('/search_audio')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Remove audio' }));
    expect(((await screen.findByRole('textbox', { name: 'Search audio' })) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('textbox', { name: 'Track title' })).toBeNull();
    // Pasted again: the kept answer, without a call.
    fireEvent.change(screen.getByRole('textbox', { name: 'Search audio' }), { target: { value: 'https://soundcloud.com/artist/track' } });
    await screen.findByRole('textbox', { name: 'Track title' });
    expect(sent('/svc/post/get_soundcloud_data')).toHaveLength(1);
  });

  it('says so when the server cannot search the services, rather than showing no results', async () => {
    openAudio({ 'POST /search_audio': () => ({ response: { results: [], searchable: false } }) });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Search audio' }), { target: { value: 'blue' } });
    expect(
      await screen.findByText('This server cannot search Spotify, SoundCloud or Apple Music. Paste a track’s address instead.'),
    ).toBeTruthy();
    expect(screen.queryByText(/No results for/)).toBeNull();
  });

  it('takes an MP3 link as it is, with the browser’s player', async () => {
    const { sent } = openAudio();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Search audio' }), { target: { value: 'https://example.com/song.mp3' } });
    await screen.findByRole('textbox', { name: 'Track title' });
    expect(dialog().querySelector('audio')?.getAttribute('src')).toBe('https://example.com/song.mp3');
    expect(sent('/svc/post/get_spotify_data').length + sent('/svc/post/get_soundcloud_data').length).toBe(0);
  });

  it('stays on the search with the reason when a lookup fails', async () => {
    openAudio({
      'POST /svc/post/get_spotify_data': () => ({ status: 400, errors: [{ code: 'bad_url', detail: 'That is not a spotify track.' }] }),
    });
    const field = await screen.findByRole('textbox', { name: 'Search audio' });
    fireEvent.change(field, { target: { value: 'https://open.spotify.com/album/x' } });
    expect(await screen.findByText('That is not a spotify track.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('textbox', { name: 'Track title' })).toBeNull();
  });
});
