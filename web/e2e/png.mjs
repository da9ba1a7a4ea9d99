// PNG files made by the tests, for uploads (the server reads and scales real images), and by
// scripts/webcam-watermark.mjs: 8-bit RGB or RGBA, one IDAT chunk, no row filter.
import { crc32, deflateSync } from 'node:zlib';

/**
 * A `width` × `height` PNG of colour type `colorType` (2: RGB, 6: RGBA) whose pixel at (x, y)
 * is `pixel(x, y)`, an array of that type's bytes.
 */
function encodePng(width, height, colorType, pixel) {
  const channels = colorType === 6 ? 4 : 3;
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = colorType;
  const stride = 1 + width * channels;
  const rows = Buffer.alloc(height * stride); // each row starts with filter 0: none
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), y * stride + 1 + x * channels);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A `size` × `size` PNG whose pixel at (x, y) is `pixel(x, y)`, an [r, g, b] of bytes. */
export function rgbPng(size, pixel) {
  return encodePng(size, size, 2, pixel);
}

/** A `width` × `height` PNG with transparency: `pixel(x, y)` is an [r, g, b, a] of bytes. */
export function rgbaPng(width, height, pixel) {
  return encodePng(width, height, 6, pixel);
}
