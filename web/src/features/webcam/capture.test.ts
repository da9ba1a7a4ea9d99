import { describe, expect, it } from 'vitest';
import { coverCrop } from './capture';
import { capturedImageFile, gifImage } from './capturedImage';

describe('taking the picture', () => {
  it('crops the camera frame to the picture’s shape, from the middle', () => {
    // 640×480 is 4:3, as 540×405: all of it.
    expect(coverCrop(640, 480, 540, 405)).toEqual({ x: 0, y: 0, width: 640, height: 480 });
    // A 16:9 camera loses its sides.
    expect(coverCrop(1280, 720, 540, 405)).toEqual({ x: 160, y: 0, width: 960, height: 720 });
    // A portrait camera loses top and bottom.
    const tall = coverCrop(480, 640, 540, 405);
    expect(tall.width).toBe(480);
    expect(tall.height).toBeCloseTo(360);
    expect(tall.y).toBeCloseTo(140);
  });

  it('turns a snap into selfie.jpg and a GIF into selfie.gif', async () => {
    const jpeg = capturedImageFile({ width: 540, height: 405, base64: 'data:image/jpeg;base64,/9j/4A==', isGif: false });
    expect([jpeg.name, jpeg.type, jpeg.size]).toEqual(['selfie.jpg', 'image/jpeg', 4]);
    expect(Array.from(new Uint8Array(await jpeg.arrayBuffer()))).toEqual([0xff, 0xd8, 0xff, 0xe0]);

    const bytes = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x3b]);
    const image = gifImage(bytes, 270, 203);
    expect(image).toMatchObject({ width: 270, height: 203, isGif: true });
    expect(image.base64.startsWith('data:image/gif;base64,')).toBe(true);
    const gif = capturedImageFile(image);
    expect([gif.name, gif.type]).toEqual(['selfie.gif', 'image/gif']);
    expect(Array.from(new Uint8Array(await gif.arrayBuffer()))).toEqual(Array.from(bytes));
  });
});
