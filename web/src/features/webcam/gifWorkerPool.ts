// Encodes a webcam GIF with a pool of workers (spec 002 §9: 3 encoder workers): the frames
// are dealt out in turn, encoded at the same time, and joined in order.
import { assembleGif, type GifFrame, type GifFrameDone, type GifFrameJob } from './gifEncoding';
import { GIF_ENCODER_WORKERS } from './webcamSettings';

/** The part of a Worker the pool uses (a test passes one that encodes in place). */
export interface GifWorker {
  postMessage(job: GifFrameJob, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<GifFrameDone>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

function startWorker(): GifWorker {
  return new Worker(new URL('./gifWorker.ts', import.meta.url), { type: 'module' }) as GifWorker;
}

export interface EncodeGifOptions {
  /** How long each frame shows (ms). */
  delayMs: number;
  workers?: number;
  createWorker?: () => GifWorker;
}

/** The GIF's bytes. The workers end once it is made, or once it failed. */
export async function encodeGif(
  frames: GifFrame[],
  { delayMs, workers = GIF_ENCODER_WORKERS, createWorker = startWorker }: EncodeGifOptions,
): Promise<Uint8Array> {
  const pool = Array.from({ length: Math.max(1, Math.min(workers, frames.length)) }, createWorker);
  const pending = new Map<number, { resolve(bytes: Uint8Array): void; reject(err: Error): void }>();
  for (const worker of pool) {
    worker.onmessage = ({ data }) => {
      const job = pending.get(data.id);
      pending.delete(data.id);
      if ('bytes' in data) job?.resolve(data.bytes);
      else job?.reject(new Error(data.error));
    };
    worker.onerror = (event) => {
      for (const job of pending.values()) job.reject(new Error(event.message || 'GIF worker failed'));
      pending.clear();
    };
  }
  try {
    const encoded = frames.map(
      (frame, id) =>
        new Promise<Uint8Array>((resolve, reject) => {
          pending.set(id, { resolve, reject });
          const job: GifFrameJob = { ...frame, id, delayMs, first: id === 0 };
          // The pixels move to the worker rather than being copied.
          pool[id % pool.length].postMessage(job, [frame.rgba.buffer]);
        }),
    );
    return assembleGif(await Promise.all(encoded));
  } finally {
    for (const worker of pool) worker.terminate();
  }
}
