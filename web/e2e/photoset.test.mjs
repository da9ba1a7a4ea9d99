// End-to-end: the photo set editor (spec 000 §2.11, §3, §9) with the upload component of spec
// 002. A user uploads three photos (one at a time), chooses the layout '12', drags the third
// photo to the first place with the mouse, and posts; the post, read back from the API, has
// its photos in that order and its layout.
//
//   npm run build && node --test e2e/photoset.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { rgbPng } from './png.mjs';
import { composer, register, saveWith, startStack, uniqueSuffix } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

/** A PNG of one colour: each photo its own, so each is its own file on the server. */
const solidPng = (size, rgb) => rgbPng(size, () => rgb);

test('photo set: three uploads, the layout 12, the third dragged first, posted in that order', async () => {
  const suffix = uniqueSuffix();
  const me = { email: `ps-${suffix}@example.com`, password: 'correct-horse-battery', blogName: `ps-${suffix}` };
  const { page } = await stack.newPage();
  await register(page, me);

  await page.goto('/new/photo');
  const form = composer(page);
  await form.getByLabel('Upload photos').waitFor({ state: 'attached' });

  // Where each file went, from the upload answers, and how many were sent at once: each
  // upload passes through here, and the page hears its answer only after it is counted out.
  const uploaded = {};
  let sending = 0;
  let mostAtOnce = 0;
  await page.route('**/svc/post/upload_photo', async (route) => {
    sending += 1;
    mostAtOnce = Math.max(mostAtOnce, sending);
    const res = await route.fetch();
    const [photo] = (await res.json()).response.photos;
    uploaded[photo.original_filename] = photo.url;
    sending -= 1;
    await route.fulfill({ response: res });
  });

  await form.getByLabel('Upload photos').setInputFiles([
    { name: 'red.png', mimeType: 'image/png', buffer: solidPng(360, [220, 40, 40]) },
    { name: 'green.png', mimeType: 'image/png', buffer: solidPng(360, [40, 200, 60]) },
    { name: 'blue.png', mimeType: 'image/png', buffer: solidPng(360, [40, 80, 220]) },
  ]);
  const photos = form.getByRole('list', { name: 'Photos' });
  await photos.getByRole('listitem').nth(2).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('progress').length === 0, null, { timeout: 30_000 });
  assert.deepEqual(Object.keys(uploaded).sort(), ['blue.png', 'green.png', 'red.png']);
  assert.equal(mostAtOnce, 1, 'the uploads went one at a time');

  // The layout: one photo, then a row of two.
  await form.getByRole('group', { name: 'Layout' }).getByText('1 + 2').click();
  const rowSizes = () => photos.getByRole('listitem').evaluateAll((items) => items.map((li) => li.dataset.rowSize));
  assert.deepEqual(await rowSizes(), ['1', '2', '2']);

  // Drag the third photo onto the first: past the 20 px the drag needs to start, in steps.
  const from = await form.getByRole('button', { name: 'Move photo 3', exact: true }).boundingBox();
  const to = await form.getByRole('button', { name: 'Move photo 1', exact: true }).boundingBox();
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const end = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x, start.y - 30, { steps: 5 });
  await form.locator('ul[data-drag-state="dragging"]').waitFor();
  await page.mouse.move(end.x, end.y, { steps: 20 });
  await page.mouse.up();
  await form.locator('ul[data-drag-state="idle"]').waitFor();
  const shown = await photos.getByRole('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')));
  assert.deepEqual(shown, ['blue.png', 'red.png', 'green.png']);
  assert.deepEqual(await rowSizes(), ['1', '2', '2']);

  const answer = await saveWith(page, 'Post');
  assert.equal(answer.post.content.type, 'photo');

  // Read back through the API.
  const res = await page.request.get(`/svc/post/blog/after/0?blog=${me.blogName}`);
  assert.equal(res.status(), 200);
  const [post] = (await res.json()).response.posts;
  assert.equal(post.id, answer.post.id);
  assert.equal(post.content.layout, '12');
  assert.deepEqual(
    post.content.photos.map((p) => p.url),
    [uploaded['blue.png'], uploaded['red.png'], uploaded['green.png']],
  );
  assert.deepEqual(page.errors, []);
});
