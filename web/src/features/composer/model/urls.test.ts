import { describe, expect, it } from 'vitest';
import { DIRECT_EMBED_MISSING, NO_EMBED, NO_VIDEO } from '../strings';
import {
  audioServiceOf,
  isImageUrl,
  isWebUrl,
  normalizeLinkUrl,
  videoEmbedUrl,
  videoSourceProblem,
} from './urls';
import { testLimits } from './testFormData';

describe('composer URLs (spec 001 §5)', () => {
  it('accepts http and https only, shorter than 2048 characters', () => {
    expect(isWebUrl('https://example.com/a', testLimits.urlChars)).toBe(true);
    expect(isWebUrl('ftp://example.com/a', testLimits.urlChars)).toBe(false);
    expect(isWebUrl('javascript:alert(1)', testLimits.urlChars)).toBe(false);
    expect(isWebUrl(`https://example.com/${'a'.repeat(2048)}`, testLimits.urlChars)).toBe(false);
  });

  it('trims a link URL and prepends http: when it has no protocol', () => {
    expect(normalizeLinkUrl('  www.example.com/a ', testLimits.urlChars)).toBe('http://www.example.com/a');
    expect(normalizeLinkUrl('https://example.com', testLimits.urlChars)).toBe('https://example.com');
    expect(normalizeLinkUrl('javascript:alert(1)', testLimits.urlChars)).toBe('');
    expect(normalizeLinkUrl('not a url', testLimits.urlChars)).toBe('');
  });

  it('wants an image URL to end in jpg, jpeg, png or gif', () => {
    expect(isImageUrl('https://img.example/a.JPG', testLimits.urlChars)).toBe(true);
    expect(isImageUrl('https://img.example/a.webp', testLimits.urlChars)).toBe(false);
  });

  it('knows audio from spotify, soundcloud, bandcamp and MP3 files', () => {
    expect(audioServiceOf('https://open.spotify.com/track/abc', testLimits.urlChars)).toBe('spotify');
    expect(audioServiceOf('https://soundcloud.com/artist/track', testLimits.urlChars)).toBe('soundcloud');
    expect(audioServiceOf('https://music.apple.com/us/album/blue/1440?i=1441', testLimits.urlChars)).toBe('apple_music');
    expect(audioServiceOf('https://artist.bandcamp.com/track/song', testLimits.urlChars)).toBe('bandcamp');
    expect(audioServiceOf('https://files.example/song.MP3', testLimits.urlChars)).toBe('direct');
    expect(audioServiceOf('/media/ab12.mp3', testLimits.urlChars)).toBe('direct');
    expect(audioServiceOf('https://example.com/song.ogg', testLimits.urlChars)).toBeNull();
  });

  it('names what is wrong with a video source', () => {
    expect(videoSourceProblem('', testLimits.urlChars)).toBe(NO_VIDEO);
    expect(videoSourceProblem('<p>no player</p>', testLimits.urlChars)).toBe(NO_EMBED);
    expect(videoSourceProblem('<iframe src="javascript:alert(1)"></iframe>', testLimits.urlChars)).toBe(NO_EMBED);
    expect(videoSourceProblem('<iframe src="//www.youtube.com/embed/dQw4w9WgXcQ"></iframe>', testLimits.urlChars)).toBeNull();
    expect(videoSourceProblem('https://example.com/page', testLimits.urlChars)).toBe(DIRECT_EMBED_MISSING);
    expect(videoSourceProblem('https://youtu.be/dQw4w9WgXcQ', testLimits.urlChars)).toBeNull();
    expect(videoSourceProblem('https://cdn.example/clip.mp4', testLimits.urlChars)).toBeNull();
    expect(videoSourceProblem('not a url', testLimits.urlChars)).toBe(NO_EMBED);
  });

  it('turns youtube pages into their player for an inline embed', () => {
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1', testLimits.urlChars)).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
    expect(videoEmbedUrl('https://player.vimeo.com/video/1', testLimits.urlChars)).toBe('https://player.vimeo.com/video/1');
    expect(videoEmbedUrl('nope', testLimits.urlChars)).toBeNull();
  });
});
