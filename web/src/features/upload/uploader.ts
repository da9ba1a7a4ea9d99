// The upload component of spec 002 (§3-§5, §7, §8) without its view: files go to one endpoint,
// each checked first (§5), then sent one at a time by default (later ones wait their turn in
// the order they came), each with its progress, its answer or its error, and each can be
// canceled. Views subscribe to its items (useUploader.ts).
import { UPLOAD_REQUIRES_ENDPOINT } from './strings';
import {
  idleUpload,
  invalidUpload,
  uploadAborted,
  uploadFailed,
  uploadProgressed,
  uploadStarted,
  uploadSucceeded,
  type UploadItem,
} from './uploadItem';
import { browserXhr, sendUpload, type RunningUpload, type UploadXhr } from './uploadRequest';
import { UploadError } from './uploadResponse';
import { firstDroppedFile, IMAGE_FILTER, uploadProblemOf, type FileFilter, type UploadRules } from './validation';

export interface UploaderOptions extends UploadRules {
  /** Where files are posted (required: §5). */
  endpoint: string;
  /** The multipart field the file goes in. */
  field: string;
  /** The session's form key, read when each upload starts (§7: every call sends it). */
  formKey(): string;
  /** Uploads sent at once (§5: one). */
  concurrency?: number;
  /** Send files as soon as they are added (§5: on); otherwise they wait for start(). */
  autoUpload?: boolean;
  /** For tests: the request to send with. */
  makeXhr?: () => UploadXhr;
}

/** One file handed to the uploader. */
export interface QueuedUpload<R> {
  id: string;
  /** The answer's response; rejects with an UploadError (canceled, invalid, network, server). */
  done: Promise<R>;
}

interface Waiting<R> {
  resolve(response: R): void;
  reject(error: UploadError): void;
  onProgress?(loaded: number, total: number): void;
}

let uploaderCount = 0;

export class Uploader<R = unknown> {
  readonly endpoint: string;
  readonly filter: FileFilter;
  private readonly options: UploaderOptions;
  private readonly concurrency: number;
  private readonly autoUpload: boolean;
  private readonly prefix = `upload${++uploaderCount}-`;
  private nextId = 1;
  private items: readonly UploadItem<R>[] = [];
  /** Ids waiting their turn, in the order they came. */
  private queue: string[] = [];
  private readonly pending = new Map<string, Waiting<R>>();
  private readonly running = new Map<string, RunningUpload<R>>();
  private readonly listeners = new Set<() => void>();

  constructor(options: UploaderOptions) {
    if (!options.endpoint?.trim()) throw new Error(UPLOAD_REQUIRES_ENDPOINT);
    this.options = options;
    this.endpoint = options.endpoint;
    this.filter = options.filter ?? IMAGE_FILTER;
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.autoUpload = options.autoUpload ?? true;
  }

  /** The items, newest last; a new array after every change (for useSyncExternalStore). */
  getItems = (): readonly UploadItem<R>[] => this.items;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** §5's check of a file, without adding it: its error message, or null. */
  problemOf(file: File): string | null {
    return uploadProblemOf(file, { ...this.options, filter: this.filter })?.message ?? null;
  }

  /**
   * Adds a file: checked (§5; an invalid one is recorded with its error and not sent), then
   * queued, and sent when its turn comes (at once, when nothing else is being sent).
   */
  add(file: File, onProgress?: (loaded: number, total: number) => void): QueuedUpload<R> {
    const id = `${this.prefix}${this.nextId++}`;
    const item = idleUpload<R>(id, this.endpoint, file);
    const problem = this.problemOf(file);
    const done = new Promise<R>((resolve, reject) => {
      if (problem) {
        this.setItems([...this.items, invalidUpload(item, problem)]);
        reject(UploadError.invalid(problem));
        return;
      }
      this.pending.set(id, { resolve, reject, onProgress });
      this.queue.push(id);
      this.setItems([...this.items, item]);
    });
    // A caller may drop the promise (a view that shows the items instead): no unhandled rejection.
    done.catch(() => {});
    if (this.autoUpload) this.pump();
    return { id, done };
  }

  /** §5: of a drop, only the first file is handled. */
  addDropped(files: FileList | readonly File[] | null | undefined): QueuedUpload<R> | null {
    const file = firstDroppedFile(files);
    return file ? this.add(file) : null;
  }

  /** Sends what waits (needed only without auto-upload). */
  start(): void {
    this.pump();
  }

  /** Stops an upload, sent or waiting: 'Canceled upload', and no error on the item (§8). */
  cancel(id: string): void {
    const running = this.running.get(id);
    if (running) {
      running.abort();
      return;
    }
    if (!this.queue.includes(id)) return;
    this.queue = this.queue.filter((queued) => queued !== id);
    this.update(id, uploadAborted);
    this.settle(id, (w) => w.reject(UploadError.canceled()));
  }

  /** Stops every upload (the view that holds them is going away). */
  cancelAll(): void {
    for (const id of [...this.queue, ...this.running.keys()]) this.cancel(id);
  }

  /** Takes finished, failed and canceled items off the list. */
  clearFinished(): void {
    this.setItems(this.items.filter((item) => this.pending.has(item.id)));
  }

  private pump() {
    while (this.running.size < this.concurrency && this.queue.length > 0) {
      this.send(this.queue.shift()!);
    }
  }

  private send(id: string) {
    const item = this.items.find((i) => i.id === id);
    const waiting = this.pending.get(id);
    if (!item || !waiting) return;
    this.update(id, uploadStarted);
    const upload = sendUpload<R>(
      {
        endpoint: this.endpoint,
        field: this.options.field,
        file: item.file,
        formKey: this.options.formKey(),
        onProgress: (loaded, total) => {
          this.update(id, (i) => uploadProgressed(i, loaded, total));
          waiting.onProgress?.(loaded, total);
        },
      },
      this.options.makeXhr ?? browserXhr,
    );
    this.running.set(id, upload);
    upload.done.then(
      (response) => this.finish(id, (i) => uploadSucceeded(i, response), (w) => w.resolve(response)),
      (err: unknown) => {
        const error = err instanceof UploadError ? err : UploadError.network();
        this.finish(
          id,
          (i) => (error.canceled ? uploadAborted(i) : uploadFailed(i, error.message)),
          (w) => w.reject(error),
        );
      },
    );
  }

  /** An upload ended: its item updated, its caller told, and the next one in the queue sent. */
  private finish(id: string, change: (item: UploadItem<R>) => UploadItem<R>, settle: (waiting: Waiting<R>) => void) {
    this.running.delete(id);
    this.update(id, change);
    this.settle(id, settle);
    this.pump();
  }

  private settle(id: string, settle: (waiting: Waiting<R>) => void) {
    const waiting = this.pending.get(id);
    this.pending.delete(id);
    if (waiting) settle(waiting);
  }

  private update(id: string, change: (item: UploadItem<R>) => UploadItem<R>) {
    this.setItems(this.items.map((item) => (item.id === id ? change(item) : item)));
  }

  private setItems(items: readonly UploadItem<R>[]) {
    this.items = items;
    for (const listener of this.listeners) listener();
  }
}
