import { describe, expect, it } from 'vitest';
import { fakeXhrs } from './fakeXhr';
import { allComplete, anyFailed } from './uploadItem';
import { Uploader, type UploaderOptions } from './uploader';

const png = (name = 'cat.png', bytes = 4) => {
  const file = new File(['png!'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

function uploader(options: Partial<UploaderOptions> = {}) {
  const xhrs = fakeXhrs();
  const up = new Uploader<{ url: string }>({
    endpoint: '/svc/post/upload_photo',
    field: 'photo',
    formKey: () => 'key-1',
    maxUploadSize: 10,
    makeXhr: xhrs.make,
    ...options,
  });
  return { up, xhrs };
}

const failureOf = async (done: Promise<unknown>) => {
  try {
    await done;
  } catch (err) {
    return err as { message: string; canceled: boolean; failure: string };
  }
  throw new Error('the upload succeeded');
};

describe('the upload component (spec 002 §4, §5, §7, §8)', () => {
  it("requires an endpoint: 'Upload requires an endpoint URL'", () => {
    expect(() => uploader({ endpoint: '' })).toThrow('Upload requires an endpoint URL');
    expect(() => uploader({ endpoint: '   ' })).toThrow('Upload requires an endpoint URL');
  });

  it('sends a file to its endpoint with the form key, with progress, and completes with the response', async () => {
    const { up, xhrs } = uploader();
    const { id, done } = up.add(png());
    const xhr = xhrs.last();
    expect([xhr.method, xhr.url, xhr.headers['X-Form-Key']]).toEqual(['POST', '/svc/post/upload_photo', 'key-1']);
    expect((xhr.body!.get('photo') as File).name).toBe('cat.png');
    expect(up.getItems()[0]).toMatchObject({ id, url: '/svc/post/upload_photo', uploading: true, complete: false, error: false });
    xhr.progress(2, 4);
    expect(up.getItems()[0]).toMatchObject({ bytesLoaded: 2, bytesTotal: 4 });
    xhr.answer({ url: '/media/cat.png' });
    await expect(done).resolves.toEqual({ url: '/media/cat.png' });
    expect(up.getItems()[0]).toMatchObject({ uploading: false, complete: true, error: false, response: { url: '/media/cat.png' } });
    expect(allComplete(up.getItems())).toBe(true);
  });

  it("refuses a file over maxUploadSize: 'The file is too big. Squish it down, and try again!', recorded invalid, not sent", async () => {
    const { up, xhrs } = uploader();
    const { done } = up.add(png('big.png', 11));
    expect((await failureOf(done)).message).toBe('The file is too big. Squish it down, and try again!');
    expect(xhrs.made).toHaveLength(0);
    expect(up.getItems()[0]).toMatchObject({ invalid: true, uploading: false, error: 'The file is too big. Squish it down, and try again!' });
    expect(anyFailed(up.getItems())).toBe(true);
  });

  it("refuses a file of another type: 'This is not valid %1$s file.' with the media type (image by default)", async () => {
    const text = new File(['hi'], 'notes.txt', { type: 'text/plain' });
    const { up, xhrs } = uploader();
    expect((await failureOf(up.add(text).done)).message).toBe('This is not valid image file.');
    const video = uploader({ mediaType: 'video', filter: { name: 'video', accept: 'video/*', matches: (f) => f.type.startsWith('video/') } });
    expect((await failureOf(video.up.add(text).done)).message).toBe('This is not valid video file.');
    expect([xhrs.made.length, video.xhrs.made.length]).toEqual([0, 0]);
  });

  it('takes only the first file of a drop', () => {
    const { up, xhrs } = uploader();
    up.addDropped([png('a.png'), png('b.png'), png('c.png')]);
    expect(up.getItems().map((i) => i.file.name)).toEqual(['a.png']);
    expect(xhrs.made).toHaveLength(1);
    expect(up.addDropped([])).toBeNull();
  });

  it('sends one file at a time: the next waits until the one before is done, in the order they came', async () => {
    const { up, xhrs } = uploader();
    const first = up.add(png('a.png'));
    const second = up.add(png('b.png'));
    const third = up.add(png('c.png'));
    expect(xhrs.made).toHaveLength(1);
    expect(up.getItems().map((i) => i.uploading)).toEqual([true, false, false]);
    xhrs.made[0].answer({ url: '/media/a.png' });
    await first.done;
    expect(xhrs.made).toHaveLength(2);
    expect((xhrs.made[1].body!.get('photo') as File).name).toBe('b.png');
    // A failure frees the turn too.
    xhrs.made[1].fail(400, ['Nope.']);
    await failureOf(second.done);
    expect(xhrs.made).toHaveLength(3);
    xhrs.made[2].answer({ url: '/media/c.png' });
    await third.done;
  });

  it('sends as many at once as asked, and without auto-upload waits for start()', () => {
    const two = uploader({ concurrency: 2 });
    two.up.add(png('a.png'));
    two.up.add(png('b.png'));
    two.up.add(png('c.png'));
    expect(two.xhrs.made).toHaveLength(2);

    const manual = uploader({ autoUpload: false });
    manual.up.add(png('a.png'));
    expect(manual.xhrs.made).toHaveLength(0);
    manual.up.start();
    expect(manual.xhrs.made).toHaveLength(1);
  });

  it("cancels: 'Canceled upload', uploading over and no error, and the next file goes", async () => {
    const { up, xhrs } = uploader();
    const first = up.add(png('a.png'));
    const second = up.add(png('b.png'));
    const third = up.add(png('c.png'));
    up.cancel(second.id);
    const waiting = await failureOf(second.done);
    expect([waiting.message, waiting.canceled]).toEqual(['Canceled upload', true]);
    up.cancel(first.id);
    expect(xhrs.made[0].aborted).toBe(true);
    const running = await failureOf(first.done);
    expect([running.message, running.canceled]).toEqual(['Canceled upload', true]);
    expect(up.getItems().slice(0, 2).map((i) => [i.uploading, i.complete, i.error])).toEqual([
      [false, false, false],
      [false, false, false],
    ]);
    expect(anyFailed(up.getItems())).toBe(false);
    expect((xhrs.last().body!.get('photo') as File).name).toBe('c.png');
    up.cancelAll();
    expect((await failureOf(third.done)).message).toBe('Canceled upload');
  });

  it("fails with 'Upload error' when no answer comes, with the error on the item", async () => {
    const { up, xhrs } = uploader();
    const { done } = up.add(png());
    xhrs.last().onerror?.();
    const failure = await failureOf(done);
    expect([failure.message, failure.failure]).toEqual(['Upload error', 'network']);
    expect(up.getItems()[0]).toMatchObject({ uploading: false, complete: false, error: 'Upload error' });
  });

  it("fails with the server's msg, else its errors joined, else 'Woops :('", async () => {
    const { up, xhrs } = uploader();
    const withMsg = up.add(png());
    xhrs.last().respond(200, { meta: { status: 400 }, response: { msg: 'Not today.' } });
    expect((await failureOf(withMsg.done)).message).toBe('Not today.');
    const withErrors = up.add(png());
    xhrs.last().fail(400, ['This photo could not be read.', 'Try another.']);
    expect((await failureOf(withErrors.done)).message).toBe('This photo could not be read. Try another.');
    const withNothing = up.add(png());
    xhrs.last().respond(500, 'not json');
    expect((await failureOf(withNothing.done)).message).toBe('Woops :(');
    expect(up.getItems().map((i) => i.error)).toEqual(['Not today.', 'This photo could not be read. Try another.', 'Woops :(']);
    up.clearFinished();
    expect(up.getItems()).toEqual([]);
  });
});
