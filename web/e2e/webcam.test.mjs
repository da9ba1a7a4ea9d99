// End-to-end: the webcam widget (spec 002 §2, §4, §9) from the photo form's 'Take a selfie'
// (spec 001 §2), on Chromium's fake camera (a moving test pattern, allowed without a prompt).
// A snapped selfie is posted as a JPEG of the widget's size (540×405, §9) with the app's
// watermark in its bottom-right corner (002 §5), saved as a selfie (001 §7 is_selfie); then a
// webcam GIF, encoded in the page's workers, is posted as an animated GIF of 4 frames at half
// that size, saved as the webcam's GIF (is_selfie_gif).
//
//   npm run build && node --test e2e/webcam.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { composer, register, saveWith, startStack, uniqueSuffix } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack({
    browserArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
});

after(async () => {
  await stack?.stop();
});

/** The frames of a GIF and their delays (ms), read block by block. */
function gifFrames(bytes) {
  assert.equal(bytes.subarray(0, 6).toString('latin1'), 'GIF89a');
  let at = 13;
  if (bytes[10] & 0x80) at += 3 * (1 << ((bytes[10] & 7) + 1));
  const skipSubBlocks = () => {
    while (bytes[at] !== 0) at += bytes[at] + 1;
    at += 1;
  };
  const delays = [];
  let frames = 0;
  while (bytes[at] !== 0x3b) {
    if (bytes[at] === 0x21) {
      if (bytes[at + 1] === 0xf9) delays.push(bytes.readUInt16LE(at + 4) * 10);
      at += 2;
      skipSubBlocks();
    } else {
      assert.equal(bytes[at], 0x2c, `a block at ${at}`);
      frames += 1;
      const packed = bytes[at + 9];
      at += 10;
      if (packed & 0x80) at += 3 * (1 << ((packed & 7) + 1));
      at += 1;
      skipSubBlocks();
    }
  }
  return { frames, delays };
}

/** Where the photo form's webcam draws its mark: 10 px in from the bottom-right corner (capture.ts). */
const WATERMARK = { url: '/images/webcam-watermark.png', margin: 10 };

/**
 * How plainly the picture at `url` shows the watermark with its bottom corner 10 px in from
 * `side` ('right', where the mark goes, or 'left', where nothing does): the mean brightness
 * of the picture's pixels under the mark's white ink less that under its dark edge. Drawn
 * there, the mark makes it large whatever the camera showed; a picture without it gives
 * about 0, its ink and edge pixels being the same kind of background.
 */
async function watermarkContrast(page, url, side) {
  return page.evaluate(
    async ({ url, side, mark }) => {
      const load = (src) =>
        new Promise((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve(image);
          image.onerror = () => reject(new Error(`could not load ${src}`));
          image.src = src;
        });
      const pixelsOf = (image) => {
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, canvas.width, canvas.height);
      };
      const [picture, watermark] = (await Promise.all([load(url), load(mark.url)])).map(pixelsOf);
      const left = side === 'right' ? picture.width - watermark.width - mark.margin : mark.margin;
      const top = picture.height - watermark.height - mark.margin;
      const sums = { ink: [0, 0], edge: [0, 0] };
      for (let y = 0; y < watermark.height; y++) {
        for (let x = 0; x < watermark.width; x++) {
          const at = (y * watermark.width + x) * 4;
          if (watermark.data[at + 3] === 0) continue;
          const p = ((top + y) * picture.width + left + x) * 4;
          const brightness = (picture.data[p] + picture.data[p + 1] + picture.data[p + 2]) / 3;
          const sum = watermark.data[at] > 128 ? sums.ink : sums.edge;
          sum[0] += brightness;
          sum[1] += 1;
        }
      }
      return sums.ink[0] / sums.ink[1] - sums.edge[0] / sums.edge[1];
    },
    { url, side, mark: WATERMARK },
  );
}

/** Saves with 'Post' and answers the save's answer and the form it sent. */
async function saveSelfie(page) {
  const request = page.waitForRequest((req) => req.url().endsWith('/svc/post/update'));
  const answer = await saveWith(page, 'Post');
  return { answer, form: new URLSearchParams((await request).postData() ?? '') };
}

test('a selfie and a webcam GIF from the fake camera become posted photos', async (t) => {
  const suffix = uniqueSuffix();
  const blogger = { email: `cam-${suffix}@example.com`, password: 'correct-horse-battery', blogName: `cam-${suffix}` };
  const { context, page } = await stack.newPage();
  await context.grantPermissions(['camera']);
  await register(page, blogger);

  /** Opens the photo form's webcam and waits until the camera runs. */
  async function openWebcam() {
    await page.goto('/new/photo');
    await composer(page).getByRole('button', { name: 'Take a selfie' }).click();
    const webcam = page.getByRole('dialog', { name: 'Take a selfie' });
    await webcam.getByRole('button', { name: 'Snap' }).waitFor();
    return webcam;
  }

  /** Uses the previewed picture and waits for its upload; answers the uploaded photo. */
  async function usePicture(webcam, name) {
    const upload = page.waitForResponse((res) => res.url().endsWith('/svc/post/upload_photo'));
    await webcam.getByRole('button', { name }).click();
    await webcam.waitFor({ state: 'detached' });
    const res = await upload;
    assert.equal(res.status(), 200, await res.text());
    const [photo] = (await res.json()).response.photos;
    await composer(page).getByRole('list', { name: 'Photos' }).getByRole('img').waitFor();
    await composer(page).getByRole('progressbar').waitFor({ state: 'detached' });
    return photo;
  }

  await t.test('snap after the countdown: the selfie is a 540×405 JPEG', async () => {
    const webcam = await openWebcam();
    const started = Date.now();
    await webcam.getByRole('button', { name: 'Snap' }).click();
    await webcam.getByRole('timer', { name: 'Countdown' }).waitFor();
    await webcam.getByRole('img', { name: 'Your photo' }).waitFor();
    assert.ok(Date.now() - started >= 2900, `the countdown took ${Date.now() - started} ms`);
    const uploaded = await usePicture(webcam, 'Use this photo');
    assert.equal(uploaded.original_filename, 'selfie.jpg');
    assert.deepEqual([uploaded.width, uploaded.height], [540, 405]);

    const { answer, form } = await saveSelfie(page);
    assert.deepEqual([form.get('is_selfie'), form.get('is_selfie_gif')], ['1', '0']);
    assert.equal(answer.post.content.selfie, 'photo');
    const [photo] = answer.post.content.photos;
    assert.deepEqual([photo.width, photo.height], [540, 405]);
    const image = await page.request.get(photo.url);
    assert.equal(image.headers()['content-type'], 'image/jpeg');
    const bytes = await image.body();
    assert.deepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff]);

    // 002 §5: the mark is in the bottom-right corner, and only there (the left corner is the
    // check's control: the same measure where no mark was drawn).
    const marked = await watermarkContrast(page, photo.url, 'right');
    const unmarked = await watermarkContrast(page, photo.url, 'left');
    assert.ok(marked > 60, `the watermark's ink stands out from its edge by ${marked.toFixed(1)}`);
    assert.ok(Math.abs(unmarked) < 20, `where no mark was drawn the same measure gives ${unmarked.toFixed(1)}`);
    assert.deepEqual(page.errors, []);
  });

  await t.test('a webcam GIF: 4 frames at half size, 200 ms apart, posted as a .gif', async () => {
    const webcam = await openWebcam();
    await webcam.getByRole('button', { name: 'GIF' }).click();
    await webcam.getByRole('timer', { name: 'GIF frame' }).waitFor();
    await webcam.getByRole('img', { name: 'Your GIF' }).waitFor({ timeout: 30_000 });
    const uploaded = await usePicture(webcam, 'Use this GIF');
    assert.equal(uploaded.original_filename, 'selfie.gif');
    assert.deepEqual([uploaded.width, uploaded.height], [270, 203]);

    const { answer, form } = await saveSelfie(page);
    assert.deepEqual([form.get('is_selfie'), form.get('is_selfie_gif')], ['0', '1']);
    assert.equal(answer.post.content.selfie, 'gif');
    const [photo] = answer.post.content.photos;
    assert.match(photo.url, /\.gif$/);
    const image = await page.request.get(photo.url);
    assert.deepEqual(gifFrames(await image.body()), { frames: 4, delays: [200, 200, 200, 200] });
    assert.deepEqual(page.errors, []);
  });
});
