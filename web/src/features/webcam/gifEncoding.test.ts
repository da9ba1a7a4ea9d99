import { describe, expect, it, vi } from 'vitest';
import { assembleGif, encodeGifFrame, type GifFrame, type GifFrameDone, type GifFrameJob } from './gifEncoding';
import { encodeGif, type GifWorker } from './gifWorkerPool';

/** A solid frame of one colour. */
function solid(width: number, height: number, [r, g, b]: [number, number, number]): GifFrame {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < rgba.length; i += 4) rgba.set([r, g, b, 255], i);
  return { rgba, width, height };
}

/** What a GIF holds, read block by block: its size, loop, and each frame's delay (ms). */
function readGif(bytes: Uint8Array) {
  const text = (from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));
  const u16 = (at: number) => bytes[at] | (bytes[at + 1] << 8);
  expect(text(0, 6)).toBe('GIF89a');
  const width = u16(6);
  const height = u16(8);
  let at = 13;
  if (bytes[10] & 0x80) at += 3 * (1 << ((bytes[10] & 7) + 1));
  const skipSubBlocks = () => {
    while (bytes[at] !== 0) at += bytes[at] + 1;
    at += 1;
  };
  const delays: number[] = [];
  let loops = false;
  let images = 0;
  for (;;) {
    const block = bytes[at];
    if (block === 0x3b) break;
    if (block === 0x21) {
      const label = bytes[at + 1];
      if (label === 0xf9) delays.push(u16(at + 4) * 10);
      if (label === 0xff && text(at + 3, 11) === 'NETSCAPE2.0') loops = true;
      at += 2;
      skipSubBlocks();
    } else if (block === 0x2c) {
      images += 1;
      const packed = bytes[at + 9];
      at += 10;
      if (packed & 0x80) at += 3 * (1 << ((packed & 7) + 1));
      at += 1; // LZW minimum code size
      skipSubBlocks();
    } else {
      throw new Error(`unexpected block 0x${block.toString(16)} at ${at}`);
    }
  }
  expect(at).toBe(bytes.length - 1);
  return { width, height, delays, loops, images };
}

describe('GIF encoding with gifenc (002 §9)', () => {
  it('joins frames encoded apart into one looping GIF, 200 ms per frame', () => {
    const colours: [number, number, number][] = [
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [255, 255, 255],
    ];
    const frames = colours.map((colour, i) => encodeGifFrame({ ...solid(6, 4, colour), delayMs: 200, first: i === 0 }));
    const gif = readGif(assembleGif(frames));
    expect(gif).toEqual({ width: 6, height: 4, delays: [200, 200, 200, 200], loops: true, images: 4 });
  });
});

/** A worker that encodes in this thread, answering as the real one does. */
function inPlaceWorker(log: number[][], index: number): GifWorker {
  const worker: GifWorker = {
    onmessage: null,
    onerror: null,
    postMessage(job: GifFrameJob) {
      log[index].push(job.id);
      const answer: GifFrameDone = { id: job.id, bytes: encodeGifFrame(job) };
      // Answers arrive later, and out of order: the last frame first.
      setTimeout(() => worker.onmessage?.({ data: answer } as MessageEvent<GifFrameDone>), 10 * (10 - job.id));
    },
    terminate: vi.fn(),
  };
  return worker;
}

describe('the GIF worker pool (002 §9: 3 workers)', () => {
  it('deals the frames out to 3 workers and joins them in order', async () => {
    const log: number[][] = [[], [], []];
    const made: GifWorker[] = [];
    const frames = [0, 1, 2, 3].map((i) => solid(4, 2, [i * 60, 0, 0]));
    const bytes = await encodeGif(frames, {
      delayMs: 200,
      createWorker: () => {
        const worker = inPlaceWorker(log, made.length);
        made.push(worker);
        return worker;
      },
    });
    expect(log).toEqual([[0, 3], [1], [2]]);
    expect(readGif(bytes)).toMatchObject({ width: 4, height: 2, images: 4, delays: [200, 200, 200, 200] });
    for (const worker of made) expect(worker.terminate).toHaveBeenCalled();
  });

  it('fails when a worker fails, and still ends the workers', async () => {
    const worker: GifWorker = {
      onmessage: null,
      onerror: null,
      postMessage(job) {
        setTimeout(() => worker.onmessage?.({ data: { id: job.id, error: 'out of memory' } } as MessageEvent<GifFrameDone>));
      },
      terminate: vi.fn(),
    };
    await expect(encodeGif([solid(2, 2, [0, 0, 0])], { delayMs: 200, createWorker: () => worker })).rejects.toThrow('out of memory');
    expect(worker.terminate).toHaveBeenCalled();
  });
});
