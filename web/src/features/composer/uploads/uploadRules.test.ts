import { describe, expect, it } from 'vitest';
import { UploadError } from '../../upload';
import { testLimits } from '../model/testFormData';
import { isVideoTooLarge, uploadErrorText, uploadProblem } from './uploadRules';

const limits = testLimits;
const sized = (name: string, type: string, bytes: number) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};
const refused = (...messages: string[]) => new UploadError('server', messages.join(' ') || 'Woops :(', { status: 400, messages });

describe('upload rules (spec 001 §5, §8, with the upload component of spec 002 §5)', () => {
  it('checks the size limits before sending', () => {
    expect(uploadProblem('photo', sized('a.png', 'image/png', 10_485_760), limits)).toBeNull();
    expect(uploadProblem('photo', sized('a.png', 'image/png', 10_485_761), limits)).toBe(
      'The file is too big. Squish it down, and try again!',
    );
    expect(uploadProblem('video', sized('v.mp4', 'video/mp4', 104_857_601), limits)).toBe('Video file is too large');
  });

  it('takes images for photos and album art, MP3s for audio, videos for video', () => {
    expect(uploadProblem('photo', sized('a.txt', 'text/plain', 1), limits)).toBe('This is not valid image file.');
    expect(uploadProblem('audio', sized('a.mp3', 'audio/mpeg', 1), limits)).toBeNull();
    expect(uploadProblem('audio', sized('a.mp3', '', 1), limits)).toBeNull();
    expect(uploadProblem('audio', sized('a.ogg', 'audio/ogg', 1), limits)).toBe('This is not valid audio file.');
    expect(uploadProblem('albumArt', sized('a.jpg', 'image/jpeg', 1), limits)).toBeNull();
    expect(uploadProblem('video', sized('a.mov', 'video/quicktime', 1), limits)).toBeNull();
    expect(uploadProblem('video', sized('a.png', 'image/png', 1), limits)).toBe('This is not valid video file.');
  });

  it('alerts with the spec fallbacks when the server says nothing', () => {
    expect(uploadErrorText('photo', refused('Not an image.'), 'cat.gif')).toBe('cat.gif: Not an image.');
    expect(uploadErrorText('photo', refused(), 'cat.gif')).toBe('cat.gif: Woops :(');
    expect(uploadErrorText('photo', UploadError.network(), 'cat.gif')).toBe('cat.gif: Upload error');
    expect(uploadErrorText('inlineImage', refused(), 'x')).toBe('Error uploading photo.');
    expect(uploadErrorText('video', refused(), 'x')).toBe('Error uploading video.');
    expect(uploadErrorText('audio', refused(), 'x')).toBe('Error uploading audio');
  });

  it('knows the video too large message', () => {
    expect(isVideoTooLarge(['Video file is too large'])).toBe(true);
    expect(isVideoTooLarge(['Video file is too large.'])).toBe(true);
    expect(isVideoTooLarge(['Nope'])).toBe(false);
  });
});
