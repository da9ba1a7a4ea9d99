// End-to-end: a blog's archive (spec 002 §2 Archive page). A blogger writes posts of two types
// dated in two months, goes from her blog's Archive tab to /blog/{name}/archive and sees a
// heading per month over its tiles; the post-type filter menu opens on click, closes on a
// mousedown outside, and a choice takes her to /archive/filter-by/{type} with only that type's
// tiles, the type as the menu's label; 'All' takes her back to /archive.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiPost, register, startStack, text, trackErrors, uniqueSuffix, userInfo } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

/** The ids of the tiles a month lists, in order. */
async function tileIds(page, monthHeading) {
  return page
    .getByRole('list', { name: `Posts of ${monthHeading}` })
    .locator('li[data-post-id]')
    .evaluateAll((tiles) => tiles.map((t) => Number(t.dataset.postId)));
}

test("a blog's archive by month, filtered by type from its menu", async (t) => {
  const suffix = uniqueSuffix();
  const blogger = { email: `ar-${suffix}@example.com`, password: 'correct-horse-battery', blogName: `ar-${suffix}` };
  const { page } = await stack.newPage();
  trackErrors(page);
  await register(page, blogger);
  const formKey = (await userInfo(page)).form_key;
  const write = async (date, fields) =>
    (
      await apiPost(page, formKey, '/svc/post/update', {
        channel_id: blogger.blogName,
        'post[state]': '0',
        'post[date]': date,
        ...fields,
      })
    ).post.id;
  const textPost = (title) => ({ 'post[type]': 'text', 'post[one]': title, 'post[two]': `<p>About ${title}.</p>` });
  const quotePost = (words) => ({ 'post[type]': 'quote', 'post[one]': words, 'post[two]': '<p>Someone</p>' });
  const ids = {
    janText: await write('2025-01-12 08:00', textPost('Frost on the panes')),
    janQuote: await write('2025-01-20 09:00', quotePost('Winter is a season of recovery')),
    febText: await write('2025-02-10 12:00', textPost('Seville oranges')),
    febQuote: await write('2025-02-14 18:30', quotePost('Love looks not with the eyes')),
  };
  const archivePath = `/blog/${blogger.blogName}/archive`;

  await t.test("the blog's Archive tab opens the archive: a heading per month over its tiles", async () => {
    await page.goto(`/blog/${blogger.blogName}`);
    await page.getByRole('navigation', { name: `${blogger.blogName} pages` }).getByRole('link', { name: 'Archive' }).click();
    await page.waitForURL((url) => url.pathname === archivePath);
    await page.getByRole('heading', { name: 'January 2025' }).waitFor();
    const months = await page.locator('.archive-month__heading').allTextContents();
    assert.deepEqual(months, ['February 2025', 'January 2025']);
    assert.deepEqual(await tileIds(page, 'February 2025'), [ids.febQuote, ids.febText]);
    assert.deepEqual(await tileIds(page, 'January 2025'), [ids.janQuote, ids.janText]);
    const tile = page.locator(`li[data-post-id="${ids.febText}"]`);
    assert.match(await text(tile), /Seville oranges/);
    assert.match(await text(tile), /Text/);
    const heading = page.getByRole('heading', { level: 1 });
    assert.equal(await heading.getByRole('link').getAttribute('href'), `/blog/${blogger.blogName}`);
  });

  const menuButton = (label) => page.getByRole('button', { name: `Post type: ${label}` });
  const menu = page.getByRole('menu', { name: 'Post type' });

  await t.test('the filter menu opens on click and closes on a mousedown outside', async () => {
    await menuButton('All').click();
    await menu.waitFor();
    assert.equal(await menuButton('All').getAttribute('aria-expanded'), 'true');
    await page.getByRole('heading', { name: 'February 2025' }).click();
    await menu.waitFor({ state: 'detached' });
    assert.equal(await menuButton('All').getAttribute('aria-expanded'), 'false');
  });

  await t.test('choosing a type goes to /archive/filter-by/{type}, with only its tiles', async () => {
    await menuButton('All').click();
    await menu.getByRole('menuitemradio', { name: 'Quote' }).click();
    await menu.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === `${archivePath}/filter-by/quote`);
    await menuButton('Quote').waitFor();
    await page.locator(`li[data-post-id="${ids.febText}"]`).waitFor({ state: 'detached' });
    // The list empties while the filtered page loads: wait for what it brings, not only for
    // what it takes away.
    await page.locator(`li[data-post-id="${ids.febQuote}"]`).waitFor();
    await page.locator(`li[data-post-id="${ids.janQuote}"]`).waitFor();
    assert.deepEqual(await tileIds(page, 'February 2025'), [ids.febQuote]);
    assert.deepEqual(await tileIds(page, 'January 2025'), [ids.janQuote]);
    assert.equal(await page.locator('li[data-post-id]').count(), 2);
  });

  await t.test("by keyboard, 'All' takes the archive back to /archive", async () => {
    await menuButton('Quote').focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === archivePath);
    await page.locator(`li[data-post-id="${ids.febText}"]`).waitFor();
    assert.equal(await page.locator('li[data-post-id]').count(), 4);
  });

  await t.test('a tile opens its post', async () => {
    await page.locator(`li[data-post-id="${ids.janText}"]`).getByRole('link').click();
    await page.waitForURL((url) => url.pathname.startsWith(`/blog/${blogger.blogName}/post/${ids.janText}`));
    await page.locator(`article.post[data-post-id="${ids.janText}"]`).waitFor();
  });

  await t.test('no script errors', () => {
    assert.deepEqual(page.errors, []);
  });
});
