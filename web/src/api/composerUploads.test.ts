import { describe, expect, it } from 'vitest';
import { audioCopyrightFromWire, uploadAnswerFromWire } from './composerUploads';

describe("the uploads' answers", () => {
  it('reads each kind into its model', () => {
    expect(
      uploadAnswerFromWire.photo({ photos: [{ url: '/media/a.png', original_filename: 'cat.png', width: 2, height: 3, error: null }] }),
    ).toEqual({ url: '/media/a.png', originalFilename: 'cat.png', width: 2, height: 3, error: null });
    expect(uploadAnswerFromWire.photo({ photos: [] })).toBeNull();
    expect(
      uploadAnswerFromWire.audio({ url: '/media/a.mp3', album_art_url: null, id3: { Title: 'T', Artist: 'A', Album: 'B' }, id: 'a', error: null }),
    ).toEqual({ url: '/media/a.mp3', error: null, albumArtUrl: null, trackTitle: 'T', trackArtist: 'A', trackAlbum: 'B' });
    expect(
      uploadAnswerFromWire.inlineImage({ url: '/media/i.png', width: 4, height: 5, raw_width: 8, raw_height: 10, error: null }),
    ).toEqual({ url: '/media/i.png', width: 4, height: 5, error: null });
    expect(uploadAnswerFromWire.video({ url: '', key: '', ch: '', orientation: '', width: 0, height: 0, error: 'Too big' })).toEqual({
      url: '',
      error: 'Too big',
    });
  });
});

describe("upload_audio's copyright refusal", () => {
  it('reads the warning and the search string of a response with is_copyright', () => {
    expect(audioCopyrightFromWire({ is_copyright: true, message: ' Copyrighted. ', search_string: 'The Band Blue' })).toEqual({
      warning: 'Copyrighted.',
      searchString: 'The Band Blue',
    });
    expect(audioCopyrightFromWire({ is_copyright: true, search_string: 7 })).toEqual({ warning: '', searchString: '' });
  });

  it('is none without the flag or for a response of another shape', () => {
    expect(audioCopyrightFromWire({ is_copyright: false, message: 'm', search_string: 's' })).toBeNull();
    expect(audioCopyrightFromWire({ is_copyright: 'true' })).toBeNull();
    expect(audioCopyrightFromWire([])).toBeNull();
    expect(audioCopyrightFromWire(null)).toBeNull();
    expect(audioCopyrightFromWire('Forbidden')).toBeNull();
  });
});
