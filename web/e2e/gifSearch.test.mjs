// End-to-end: the GIF search panel (spec 000 §2.6, §4; spec 001 §1, §2, §9). A blogger posts a
// GIF tagged 'dancing', then finds it in the GIF panel three times: from a photo post's 'Add a
// GIF' (it becomes the new post's photo, by the same address; results are 250 px wide), from
// the rich-text editor by keyboard alone (meta+shift+g, the arrow keys and Enter put it in the
// text), and from the editor's toolbar button 'Insert a GIF'.
//
//   npm run build && node --test e2e/gifSearch.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiPost, composer, register, saveWith, startStack, uniqueSuffix, userInfo } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

/** A 1 × 1 GIF89a (a transparent pixel): the smallest GIF every decoder takes. */
const DANCE_GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

test('the GIF panel finds a posted GIF by its tag; choosing it adds it to a post', async (t) => {
  const suffix = uniqueSuffix();
  const blogger = { email: `gif-${suffix}@example.com`, password: 'correct-horse-battery', blogName: `gif-${suffix}` };
  const { page } = await stack.newPage();
  await register(page, blogger);
  const formKey = (await userInfo(page)).form_key;
  let gifUrl;
  let firstPostId;

  await t.test('a GIF uploaded and posted as a photo, tagged dancing, is what the search finds', async () => {
    // Multipart calls carry the form key in a header (docs/api.md "Sessions and the form key").
    const res = await page.request.post('/svc/post/upload_photo', {
      headers: { 'X-Form-Key': formKey },
      multipart: { photo: { name: 'dance.gif', mimeType: 'image/gif', buffer: DANCE_GIF } },
    });
    assert.equal(res.status(), 200, await res.text());
    gifUrl = (await res.json()).response.photos[0].url;
    assert.match(gifUrl, /^\/media\/.+\.gif$/);
    const saved = await apiPost(page, formKey, '/svc/post/update', {
      channel_id: blogger.blogName,
      'post[type]': 'photo',
      'post[state]': '0',
      'images[o1]': gifUrl,
      'post[photoset_order]': 'o1',
      'post[tags]': 'dancing',
    });
    firstPostId = saved.post.id;
    const found = await apiPost(page, formKey, '/svc/search/inline_gif', { q: 'dancing' });
    assert.deepEqual(
      found.media.map((gif) => gif.mediaUrl),
      [gifUrl],
    );
  });

  await t.test("a photo post's 'Add a GIF': the chosen GIF is the new post's photo", async () => {
    await page.goto('/new/photo');
    const add = composer(page).getByRole('button', { name: 'Add a GIF' });
    await add.click();
    const panel = composer(page).getByRole('group', { name: 'GIF search' });
    // Typed as a person might: the panel searches it trimmed and lower-cased.
    const asked = page.waitForRequest((req) => req.url().endsWith('/svc/search/inline_gif'));
    await panel.getByRole('searchbox', { name: 'Find a GIF' }).fill(' Dancing ');
    assert.equal(new URLSearchParams((await asked).postData() ?? '').get('q'), 'dancing');
    const result = panel.getByRole('button', { name: `GIF from ${blogger.blogName} #dancing` });
    // 001 §9: the composer's results are 250 wide.
    assert.equal((await result.boundingBox())?.width, 250);
    await result.click();
    // Chosen once its image has loaded: the panel closes and the photo is in the form.
    await panel.waitFor({ state: 'detached' });
    const photo = composer(page).getByRole('list', { name: 'Photos' }).getByRole('img');
    assert.equal(await photo.getAttribute('src'), gifUrl);
    const answer = await saveWith(page, 'Post');
    assert.notEqual(answer.post.id, firstPostId);
    assert.equal(answer.post.content.type, 'photo');
    assert.deepEqual(
      answer.post.content.photos.map((p) => p.url),
      [gifUrl],
    );
  });

  await t.test('in the rich-text editor by keyboard: meta+shift+g, type, down, Enter', async () => {
    await page.goto('/new/text');
    const body = composer(page).getByRole('textbox', { name: 'Body' });
    await body.click();
    await page.keyboard.type('Look: ');
    await page.keyboard.press('Control+Shift+G');
    const search = composer(page).getByRole('searchbox', { name: 'Find a GIF' });
    await page.waitForFunction((el) => el === document.activeElement, await search.elementHandle());
    await page.keyboard.type('dancing');
    await composer(page).getByRole('button', { name: `GIF from ${blogger.blogName} #dancing` }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await body.locator(`img[src="${gifUrl}"]`).waitFor();
    const answer = await saveWith(page, 'Post');
    assert.equal(answer.post.content.type, 'text');
    assert.match(answer.post.content.body, new RegExp(`<img[^>]* src="${gifUrl.replace(/[.]/g, '\\.')}"`));
  });

  await t.test("in the rich-text editor by its toolbar button, 'Insert a GIF'", async () => {
    await page.goto('/new/text');
    await composer(page).getByRole('toolbar', { name: 'Text formatting' }).getByRole('button', { name: 'Insert a GIF' }).click();
    await composer(page).getByRole('searchbox', { name: 'Find a GIF' }).fill('dancing');
    await composer(page).getByRole('button', { name: `GIF from ${blogger.blogName} #dancing` }).click();
    const body = composer(page).getByRole('textbox', { name: 'Body' });
    await body.locator(`img[src="${gifUrl}"]`).waitFor();
    await composer(page).getByRole('group', { name: 'GIF search' }).waitFor({ state: 'detached' });
  });

  await t.test('no script errors', () => {
    assert.deepEqual(page.errors, []);
  });
});
