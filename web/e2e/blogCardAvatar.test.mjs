// End-to-end: the blog card's avatar stands over the bottom of its header (spec 000 §2.5 Blog
// card), whole: the header strip, positioned so that a header image and the tools paint over
// the theme's colour, must not paint over the avatar's top half too, nor take the clicks that
// land there. On the blog page (and its tag page) at 1280 and at 375 px.
//
//   npm run build && DASHWIRE_BIN=../target/debug/dashwire node --test e2e/blogCardAvatar.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { register, startStack, uniqueSuffix } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

/** What the page shows at a few points of the avatar's top half: the element hit, each time. */
async function hitsOnAvatarTop(page) {
  const avatar = page.locator('.blog-card .blog-card__avatar').first();
  await avatar.waitFor();
  return avatar.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const header = el.closest('.blog-card').querySelector('.blog-card__header').getBoundingClientRect();
    // The avatar does reach into the header, else there is nothing to test.
    if (!(box.top < header.bottom)) return { overlap: false, hits: [] };
    const ys = [box.top + 4, (box.top + header.bottom) / 2];
    const xs = [box.left + box.width / 2, box.left + 6, box.right - 6];
    const hits = [];
    for (const y of ys) {
      for (const x of xs) {
        const hit = document.elementFromPoint(x, y);
        hits.push(el.contains(hit) ? 'avatar' : `${hit?.tagName.toLowerCase()}.${hit?.className}`);
      }
    }
    return { overlap: true, hits };
  });
}

test('the blog card shows its whole avatar over the header, at 1280 and at 375 px', async () => {
  const suffix = uniqueSuffix();
  const blog = `av${suffix}`;
  const desktop = await stack.newPage();
  await register(desktop.page, { email: `av${suffix}@example.com`, password: 'correct horse', blogName: blog });
  const storageState = await desktop.context.storageState();
  const phone = await stack.newPage({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, storageState });

  for (const [size, page] of [['1280', desktop.page], ['375', phone.page]]) {
    for (const path of [`/blog/${blog}`, `/blog/${blog}/tagged/anything`]) {
      await page.goto(path);
      const { overlap, hits } = await hitsOnAvatarTop(page);
      assert.ok(overlap, `${size} px ${path}: the avatar should reach into the header`);
      assert.deepEqual(hits, hits.map(() => 'avatar'), `${size} px ${path}: the avatar's top half is covered`);
      // A click on its top edge follows its link (to the blog).
      await page.locator('.blog-card .blog-card__avatar').first().click({ position: { x: 32, y: 6 } });
      await page.waitForURL(`**/blog/${blog}`);
    }
    assert.deepEqual(page.errors, []);
  }
  await desktop.context.close();
  await phone.context.close();
});
