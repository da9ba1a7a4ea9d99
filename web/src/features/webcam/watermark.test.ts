import { describe, expect, it } from 'vitest';
import { watermarkSource } from './watermark';
import { webcamSettings } from './webcamSettings';

const INVALID = 'Webcam watermark must be an absolute path or base64-encoded image.';
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('the webcam watermark (002 §5)', () => {
  it('takes a PNG data URL as it is', () => {
    expect(watermarkSource(PNG, 'https://assets.example')).toBe(PNG);
  });

  it('prefixes a root-relative path with the assets host', () => {
    expect(watermarkSource('/images/mark.png', 'https://assets.example')).toBe('https://assets.example/images/mark.png');
    expect(watermarkSource('/images/mark.png', 'https://assets.example/')).toBe('https://assets.example/images/mark.png');
    // The page's origin when no host is named.
    expect(watermarkSource('/mark.png')).toBe(`${window.location.origin}/mark.png`);
  });

  it('refuses anything else', () => {
    for (const url of [
      'images/mark.png',
      'https://elsewhere.example/mark.png',
      '//elsewhere.example/mark.png',
      'data:image/jpeg;base64,/9j/4AAQ',
      'data:image/png,rawbytes',
      '',
    ]) {
      expect(() => watermarkSource(url, 'https://assets.example'), url).toThrow(INVALID);
    }
  });

  it('is checked when the settings are made', () => {
    expect(() => webcamSettings({ watermarkUrl: 'mark.png' })).toThrow(INVALID);
    expect(webcamSettings({ watermarkUrl: '/mark.png' }).watermarkUrl).toBe('/mark.png');
    expect(webcamSettings().watermarkUrl).toBeNull();
  });
});
