// PNG files made by the tests, for uploads (the server reads and scales real images): 8-bit
// RGB, one IDAT chunk, no row filter.
import { crc32, deflateSync } from 'node:zlib';

/** A `size` × `size` PNG whose pixel at (x, y) is `pixel(x, y)`, an [r, g, b] of bytes. */
export function rgbPng(size, pixel) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const stride = 1 + size * 3;
  const rows = Buffer.alloc(size * stride); // each row starts with filter 0: none
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) rows.set(pixel(x, y), y * stride + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
