// End-to-end: the blog card's header image fills its strip on a phone too (spec 000 §2.5 Blog
// card, §2.12). The header is an image laid over the strip (object-fit cover when stretched,
// scale-down when not); the phone's rule that lets every picture of the page shrink to the
// column (height: auto) must not make it as short as its own shape, which left a band of the
// theme's colour under it and the avatar over the band instead of over the image.
//
//   npm run build && DASHWIRE_BIN=../target/debug/dashwire node --test e2e/blogCardHeaderPhone.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { rgbaPng } from './png.mjs';
import { register, startStack, uniqueSuffix } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

/** The header strip's and its image's boxes on the page's blog card, rounded. */
async function headerBoxes(page) {
  const image = page.locator('.blog-page .blog-card__header-image').first();
  await image.waitFor();
  await image.evaluate((img) => img.decode());
  return image.evaluate((img) => {
    const round = (r) => ({ top: Math.round(r.top), height: Math.round(r.height), width: Math.round(r.width) });
    return { image: round(img.getBoundingClientRect()), strip: round(img.closest('.blog-card__header').getBoundingClientRect()) };
  });
}

test("the blog card's header image fills its strip at 375 px, stretched or not", async () => {
  const suffix = uniqueSuffix();
  const blog = `hp${suffix}`;
  const desktop = await stack.newPage();
  await register(desktop.page, { email: `hp${suffix}@example.com`, password: 'correct horse', blogName: blog });
  const storageState = await desktop.context.storageState();
  const phone = await stack.newPage({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, storageState });

  // A header framed and saved as it comes (stretched).
  await desktop.page.goto(`/settings/blog/${blog}`);
  const form = desktop.page.getByRole('form', { name: 'Edit appearance' });
  const png = rgbaPng(1080, 720, (x, y) => [Math.round((x / 1079) * 255), Math.round((y / 719) * 255), 128, 255]);
  await form.getByLabel('Upload a header image').setInputFiles({ name: 'sea.png', mimeType: 'image/png', buffer: png });
  await form.getByRole('application', { name: 'Header frame' }).waitFor();
  await form.getByRole('button', { name: 'Apply' }).click();
  await form.getByRole('button', { name: 'Adjust header image' }).waitFor();
  const save = async () => {
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  };
  await save();

  for (const stretched of [true, false]) {
    if (!stretched) {
      await form.getByRole('switch', { name: 'Stretch header image' }).uncheck();
      await save();
    }
    for (const [size, page] of [['1280', desktop.page], ['375', phone.page]]) {
      await page.goto(`/blog/${blog}`);
      const { image, strip } = await headerBoxes(page);
      // Its box is the strip's: cover fills it, scale-down centres the framing in it.
      assert.deepEqual(image, strip, `${size} px, ${stretched ? 'stretched' : 'not stretched'}`);
    }
    await desktop.page.goto(`/settings/blog/${blog}`);
  }
  assert.deepEqual(desktop.page.errors, []);
  assert.deepEqual(phone.page.errors, []);
  await desktop.context.close();
  await phone.context.close();
});
