// End-to-end: Edit appearance (spec 000 §2.1, docs/api.md "Edit appearance"). A blogger opens
// /settings/blog/{name}, changes her title's colour and font, saves and sees 'Saved.'; her
// blog in the blog viewer drawer then has the new look, drawn with the catalogue's family.
// She uploads a header image, frames part of it, applies and saves: her blog page's header
// shows the crop, a file of its own in the header's shape, while the original stays hers.
// Adjusting it later starts from that framing; not stretched, her header still shows all of it.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { rgbaPng } from './png.mjs';
import { apiPost, register, startStack, trackErrors, uniqueSuffix, userInfo } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

test("a blogger's new title colour and font reach the blog viewer", async () => {
  const suffix = uniqueSuffix();
  const blogger = { email: `ap-${suffix}@example.com`, password: 'correct-horse-battery', blogName: `ap-${suffix}` };
  const { page } = await stack.newPage();
  trackErrors(page);
  await register(page, blogger);
  const saved = await apiPost(page, (await userInfo(page)).form_key, '/svc/post/update', {
    channel_id: blogger.blogName,
    'post[type]': 'text',
    'post[state]': '0',
    'post[one]': 'A new look',
    'post[two]': '<p>Fresh paint.</p>',
  });

  await page.goto(`/settings/blog/${blogger.blogName}`);
  const form = page.getByRole('form', { name: 'Edit appearance' });
  await form.getByLabel('Title colour', { exact: true }).fill('#B03A2E');
  await form.getByLabel('Font', { exact: true }).selectOption('Georgia');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

  // The drawer, opened from her post on the dashboard as a reader opens it.
  await page.goto('/dashboard');
  const post = page.locator(`article.post[data-post-id="${saved.post.id}"]`);
  await post.getByRole('link', { name: blogger.blogName, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `${blogger.blogName} (blog viewer)` });
  const title = drawer.locator('.blog-card__title');
  await title.waitFor();
  const look = await title.evaluate((heading) => ({
    colour: getComputedStyle(heading.querySelector('a')).color,
    font: getComputedStyle(heading).fontFamily,
  }));
  assert.equal(look.colour, 'rgb(176, 58, 46)');
  assert.match(look.font, /^Georgia/);
  assert.deepEqual(page.errors, []);
});

/** The blog page header's shape: its 540 px column by its 104 px strip (features/blogCard/headerShape.ts). */
const HEADER_ASPECT = 540 / 104;

test('a blogger frames her header image and her blog page shows the crop', async () => {
  const suffix = uniqueSuffix();
  const blogger = { email: `hd-${suffix}@example.com`, password: 'correct-horse-battery', blogName: `hd-${suffix}` };
  const { page } = await stack.newPage();
  await register(page, blogger);

  // A gradient: a pixel's red says how far across it is, its green how far down, so the
  // crop's corners tell which part of the image it came from. Under 1080 px: kept as sent.
  const [width, height] = [900, 600];
  const sea = rgbaPng(width, height, (x, y) => [
    Math.round((x / (width - 1)) * 255),
    Math.round((y / (height - 1)) * 255),
    128,
    255,
  ]);

  await page.goto(`/settings/blog/${blogger.blogName}`);
  const form = page.getByRole('form', { name: 'Edit appearance' });
  await form.getByLabel('Upload a header image').setInputFiles({ name: 'sea.png', mimeType: 'image/png', buffer: sea });
  const frame = form.getByRole('application', { name: 'Header frame' });
  const where = form.getByText(/^The header shows/);
  await frame.waitFor();
  const start = await where.textContent();

  // Drag the frame down with the pointer, zoom in, then a step left with the keyboard.
  const box = await frame.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 60, { steps: 6 });
  await page.mouse.up();
  assert.notEqual(await where.textContent(), start);
  await form.getByRole('slider', { name: 'Zoom' }).fill('1.5');
  await frame.press('ArrowLeft');
  const framed = (await where.textContent()).match(/from (\d+)% to (\d+)% across and (\d+)% to (\d+)% down/);
  assert.ok(framed, await where.textContent());
  const [left, , top] = framed.slice(1).map(Number);

  await form.getByRole('button', { name: 'Apply' }).click();
  await form.getByRole('button', { name: 'Adjust header image' }).waitFor();
  // The preview on the page has the crop already.
  const previewHeader = page.locator('.appearance-preview .blog-card__header-image');
  assert.match(await previewHeader.getAttribute('src'), /^\/media\//);
  await form.getByRole('button', { name: 'Save' }).click();
  await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

  const res = await page.request.get(`/svc/data/tumblelog?tumblelog=${blogger.blogName}`);
  const theme = (await res.json()).response.global_theme_params;
  assert.match(theme.header_image, /^\/media\//);
  assert.match(theme.header_image_focused, /^\/media\//);
  assert.notEqual(theme.header_image_focused, theme.header_image);
  assert.deepEqual(theme.header_image_dimens, { width, height });

  await page.goto(`/blog/${blogger.blogName}`);
  const header = page.locator('.blog-page .blog-card__header-image');
  await header.waitFor();
  assert.equal(await header.getAttribute('src'), theme.header_image_focused);
  const crop = await page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    return { width: image.naturalWidth, height: image.naturalHeight, corner: [...context.getImageData(1, 1, 1, 1).data] };
  }, theme.header_image_focused);
  // Zoom 1.5 on a 900 px wide image: a 600 px wide frame, its pixels kept one for one.
  assert.equal(crop.width, 600);
  assert.ok(Math.abs(crop.width / crop.height - HEADER_ASPECT) / HEADER_ASPECT < 0.01, `${crop.width} × ${crop.height}`);
  // Its top-left corner is where the frame's was (the live text rounds to a per cent: 2.55 levels).
  assert.ok(Math.abs(crop.corner[0] - (left / 100) * 255) <= 4, `red ${crop.corner[0]}, frame from ${left}% across`);
  assert.ok(Math.abs(crop.corner[1] - (top / 100) * 255) <= 4, `green ${crop.corner[1]}, frame from ${top}% down`);
  assert.deepEqual(page.errors, []);
});

/** A `width` × `height` gradient PNG: red says how far across a pixel is, green how far down. */
function gradient(width, height) {
  return rgbaPng(width, height, (x, y) => [
    Math.round((x / (width - 1)) * 255),
    Math.round((y / (height - 1)) * 255),
    128,
    255,
  ]);
}

/** Uploads `png` as the header on the open Edit appearance form; the focus step is left open. */
async function chooseHeader(form, png) {
  await form.getByLabel('Upload a header image').setInputFiles({ name: 'sea.png', mimeType: 'image/png', buffer: png });
  await form.getByRole('application', { name: 'Header frame' }).waitFor();
}

async function saveForm(form) {
  await form.getByRole('button', { name: 'Save' }).click();
  await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
}

test('Adjust starts from the framing she saved, not from the middle', async () => {
  const suffix = uniqueSuffix();
  const blogger = { email: `ad-${suffix}@example.com`, password: 'correct-horse-battery', blogName: `ad-${suffix}` };
  const { page } = await stack.newPage();
  await register(page, blogger);
  await page.goto(`/settings/blog/${blogger.blogName}`);
  let form = page.getByRole('form', { name: 'Edit appearance' });
  await chooseHeader(form, gradient(900, 600));
  const frame = form.getByRole('application', { name: 'Header frame' });
  const where = form.getByText(/^The header shows/);
  const middle = await where.textContent();
  // Closer in, then towards the top left corner.
  await form.getByRole('slider', { name: 'Zoom' }).fill('1.8');
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp']) {
    await frame.press(key);
  }
  const framed = await where.textContent();
  assert.notEqual(framed, middle);
  await form.getByRole('button', { name: 'Apply' }).click();
  await saveForm(form);

  // Another day: the page loaded afresh, the header framed again.
  await page.reload();
  form = page.getByRole('form', { name: 'Edit appearance' });
  await form.getByRole('button', { name: 'Adjust header image' }).click();
  await frame.waitFor();
  assert.equal(await where.textContent(), framed);
  const zoom = Number(await form.getByRole('slider', { name: 'Zoom' }).inputValue());
  assert.ok(Math.abs(zoom - 1.8) < 0.02, `zoom ${zoom}`);
  // And a second framing is where the next Adjust starts.
  await frame.press('End');
  const moved = await where.textContent();
  await form.getByRole('button', { name: 'Apply' }).click();
  await form.getByRole('button', { name: 'Adjust header image' }).click();
  await frame.waitFor();
  assert.equal(await where.textContent(), moved);
  assert.deepEqual(page.errors, []);
});

/** The colours of `locator`'s pixels at `points` ([x, y] in CSS pixels of its box), as shown. */
async function pixelsOf(page, locator, points) {
  const shot = await locator.screenshot();
  return page.evaluate(
    async ({ png, points }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      return points.map(([x, y]) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)]);
    },
    { png: shot.toString('base64'), points },
  );
}

test('a header image not stretched still shows all of her framing', async () => {
  const suffix = uniqueSuffix();
  const blogger = { email: `ns-${suffix}@example.com`, password: 'correct-horse-battery', blogName: `ns-${suffix}` };
  const { page } = await stack.newPage();
  await register(page, blogger);
  await page.goto(`/settings/blog/${blogger.blogName}`);
  const form = page.getByRole('form', { name: 'Edit appearance' });
  // 1080 px wide: framed whole (zoom 1), the crop is 1080 × 208, twice the blog page's strip.
  await chooseHeader(form, gradient(1080, 720));
  await form.getByRole('button', { name: 'Apply' }).click();
  await form.getByRole('button', { name: 'Adjust header image' }).waitFor();
  await form.getByRole('switch', { name: 'Stretch header image' }).uncheck();
  await saveForm(form);

  await page.goto(`/blog/${blogger.blogName}`);
  const header = page.locator('.blog-page .blog-card__header');
  await header.waitFor();
  await page.waitForLoadState('networkidle'); // the header image is in
  const box = await header.boundingBox();
  assert.equal(Math.round(box.width), 540);
  // The strip's left and right ends, at its middle height (the tools are at the top right):
  // the framing's own left and right edges (red 0 and 255), not its middle half (64 to 191).
  const [left, right] = await pixelsOf(page, header, [
    [8, 52],
    [Math.round(box.width) - 8, 52],
  ]);
  assert.ok(left[0] <= 12, `left edge red ${left[0]}`);
  assert.ok(right[0] >= 243, `right edge red ${right[0]}`);
  assert.deepEqual(page.errors, []);
});
