// The GIF encoder worker: encodes the frames it is sent, one message per frame.
import { encodeGifFrame, type GifFrameDone, type GifFrameJob } from './gifEncoding';

// The app's types are the page's (lib "DOM"); a worker's scope is declared as far as it is used.
interface WorkerScope {
  onmessage: ((event: MessageEvent<GifFrameJob>) => void) | null;
  postMessage(message: GifFrameDone, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data: job }) => {
  try {
    const bytes = encodeGifFrame(job);
    scope.postMessage({ id: job.id, bytes }, [bytes.buffer]);
  } catch (err) {
    scope.postMessage({ id: job.id, error: String(err) });
  }
};
