// End-to-end: what the composer looks up while the author writes (spec 001 §4, §7), against
// the real server: an @-mention picked from the dropdown, a tag suggestion (the user's own
// tags, then Popular), a link's OpenGraph data from a page served here on 127.0.0.1 (the
// server runs with --allow-private-fetch), an audio post from a direct .mp3 URL, the
// rich-text tutorial, and Preview on blog.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { composer, register, saveWith, startStack, text, typeRich, uniqueSuffix, userInfo } from './support.mjs';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const ARTICLE = `<!doctype html>
<html><head>
  <title>Fallback title</title>
  <meta property="og:title" content="Lighthouses of the north coast">
  <meta property="og:description" content="Twelve towers and the keepers who lived in them.">
  <meta property="og:image" content="/cover.png">
  <meta property="og:image:width" content="640">
  <meta property="article:author" content="Maren Holt">
  <meta property="article:tag" content="lighthouses"><meta property="article:tag" content="coast">
</head><body><p>The article.</p></body></html>`;

/** The web the server fetches from in these tests: one article, its cover, one MP3. */
function startSite() {
  const site = createServer((req, res) => {
    if (req.url === '/article') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(ARTICLE);
    } else if (req.url === '/cover.png') {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(PNG);
    } else if (req.url === '/song.mp3') {
      // Not a playable MP3: the composer takes a direct link as it is, without fetching it.
      res.writeHead(200, { 'Content-Type': 'audio/mpeg' });
      res.end(Buffer.alloc(64));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((resolve) => {
    site.listen(0, '127.0.0.1', () => resolve({ site, origin: `http://127.0.0.1:${site.address().port}` }));
  });
}

let stack;
let web;

before(async () => {
  web = await startSite();
  stack = await startStack({ allowPrivateFetch: true });
});

after(async () => {
  await stack?.stop();
  await new Promise((resolve) => (web ? web.site.close(resolve) : resolve()));
});

/** The tags the form shows on the post, as written there (#tag). */
async function tagsShown(page) {
  const items = composer(page).getByRole('list', { name: 'Tags of this post' }).getByRole('listitem');
  return (await items.allTextContents()).map((t) => t.replace('×', '').trim());
}

/** POST /svc/post/get_post_form_builder_data with the page's session. */
async function formBuilderData(page) {
  const { form_key: formKey } = await userInfo(page);
  const res = await page.request.post('/svc/post/get_post_form_builder_data', { headers: { 'X-Form-Key': formKey } });
  assert.equal(res.status(), 200);
  return (await res.json()).response;
}

test('composer lookups: mention, tag suggestions, OpenGraph, an MP3, the tutorial, Preview on blog', async (t) => {
  const suffix = uniqueSuffix();
  const password = 'correct-horse-battery';
  // Both names start with m: "@m" finds both, A's first (same length, then by name).
  const a = { email: `ma-${suffix}@example.com`, password, blogName: `ma-${suffix}` };
  const b = { email: `mb-${suffix}@example.com`, password, blogName: `mb-${suffix}` };
  const { page } = await stack.newPage();
  const { page: pageB } = await stack.newPage();
  await register(page, a);
  await register(pageB, b);

  await t.test('an @mention picked from the dropdown with the keyboard is saved as a link to the blog', async () => {
    await page.goto('/new/text');
    await composer(page).getByRole('textbox', { name: 'Title' }).fill('Shout-out');
    await typeRich(page, 'Body', 'Thanks @m');
    const dropdown = composer(page).getByRole('listbox', { name: 'Blogs to mention' });
    const optionA = dropdown.getByRole('option', { name: new RegExp(a.blogName) });
    const optionB = dropdown.getByRole('option', { name: new RegExp(b.blogName) });
    await optionB.waitFor();
    assert.equal(await optionA.getAttribute('aria-selected'), 'true');
    await page.keyboard.press('ArrowDown');
    assert.equal(await optionB.getAttribute('aria-selected'), 'true');
    assert.equal(await optionA.getAttribute('aria-selected'), 'false');
    await page.keyboard.press('Enter');
    await dropdown.waitFor({ state: 'detached' });
    await page.keyboard.type('for the tip');
    // A tag of A's own, for the suggestions below.
    await composer(page).getByRole('combobox', { name: 'Tags' }).fill('sunsetphotos,');
    const answer = await saveWith(page);
    // The server's sanitiser adds its rel to every link.
    assert.match(answer.post.content.body, new RegExp(`Thanks <a href="/blog/${b.blogName}"[^>]*>@${b.blogName}</a> for the tip`));
    assert.deepEqual(answer.post.tags, ['sunsetphotos']);
  });

  await t.test("a tag suggestion: the user's own tags first, then Popular; a click picks one", async () => {
    // B's published tag is one of the popular ones for A.
    await pageB.goto('/new/text');
    await composer(pageB).getByRole('textbox', { name: 'Title' }).fill('Lazy weekend');
    await composer(pageB).getByRole('combobox', { name: 'Tags' }).fill('sundays,');
    await saveWith(pageB);

    await page.goto('/new/text');
    await composer(page).getByRole('textbox', { name: 'Title' }).fill('Evening');
    const tags = composer(page).getByRole('combobox', { name: 'Tags' });
    await tags.fill('sun');
    const list = composer(page).getByRole('listbox', { name: 'Tag suggestions' });
    await list.getByRole('option', { name: '#sundays' }).waitFor();
    assert.deepEqual(await list.getByRole('option').allTextContents(), ['#sunsetphotos', '#sundays']);
    assert.deepEqual(await list.getByRole('group', { name: 'Popular' }).getByRole('option').allTextContents(), ['#sundays']);
    await list.getByRole('option', { name: '#sundays' }).click();
    assert.deepEqual(await tagsShown(page), ['#sundays']);
    assert.equal(await tags.inputValue(), '');
    const answer = await saveWith(page);
    assert.deepEqual(answer.post.tags, ['sundays']);
  });

  await t.test('a link post takes its title, summary, author, thumbnail and tags from the page’s OpenGraph data', async () => {
    const url = `${web.origin}/article`;
    await page.goto('/new/link');
    await composer(page).getByRole('textbox', { name: 'URL' }).fill(url);
    const title = composer(page).getByRole('textbox', { name: 'Title' });
    await title.waitFor();
    assert.equal(await title.inputValue(), 'Lighthouses of the north coast');
    assert.equal(
      await composer(page).getByRole('textbox', { name: 'Summary' }).inputValue(),
      'Twelve towers and the keepers who lived in them.',
    );
    assert.equal(await composer(page).getByRole('textbox', { name: 'Author' }).inputValue(), 'Maren Holt');
    assert.equal(await composer(page).locator('img.link-media__thumbnail').getAttribute('src'), `${web.origin}/cover.png`);
    assert.deepEqual(await tagsShown(page), ['#lighthouses', '#coast']);
    const answer = await saveWith(page);
    const { content } = answer.post;
    assert.equal(content.type, 'link');
    assert.equal(content.url, url);
    assert.deepEqual(
      [content.title, content.excerpt, content.author, content.thumbnail],
      ['Lighthouses of the north coast', 'Twelve towers and the keepers who lived in them.', 'Maren Holt', `${web.origin}/cover.png`],
    );
    assert.deepEqual(answer.post.tags, ['lighthouses', 'coast']);
  });

  await t.test('an audio post from a direct .mp3 URL pasted in the search field', async () => {
    const mp3 = `${web.origin}/song.mp3`;
    await page.goto('/new/audio');
    await composer(page).getByRole('textbox', { name: 'Search audio' }).fill(mp3);
    // Taken after the URL pause: the browser's player replaces the search.
    const player = composer(page).locator('audio');
    await player.waitFor();
    assert.equal(await player.getAttribute('src'), mp3);
    assert.equal(await composer(page).getByRole('textbox', { name: 'Search audio' }).count(), 0);
    await composer(page).getByRole('textbox', { name: 'Track title' }).fill('Foghorn');
    await composer(page).getByRole('textbox', { name: 'Artist' }).fill('The Keepers');
    const answer = await saveWith(page);
    const { content } = answer.post;
    assert.deepEqual(
      [content.type, content.service, content.url, content.embed_url, content.track_title, content.track_artist],
      ['audio', 'direct', mp3, '', 'Foghorn', 'The Keepers'],
    );
  });

  await t.test('the rich-text tutorial shows once: dismissed, the server remembers it, and a reload does not show it', async () => {
    // A new user, whose first form this is.
    const { page: fresh } = await stack.newPage();
    const c = { email: `tu-${suffix}@example.com`, password, blogName: `tu-${suffix}` };
    await register(fresh, c);
    assert.equal((await formBuilderData(fresh)).user.has_rich_text_tutorial, true);

    // Marked seen for the user once shown (spec 001 §4 Tutorials).
    const seen = fresh.waitForResponse((res) => res.url().endsWith('/svc/post/set_seen_rte'));
    await fresh.goto('/new/text');
    const tutorial = composer(fresh).getByRole('complementary', { name: 'Rich text tutorial' });
    await tutorial.waitFor();
    assert.match(await text(tutorial), /toolbar/);
    assert.equal((await seen).status(), 200);
    await tutorial.getByRole('button', { name: 'Got it' }).click();
    await tutorial.waitFor({ state: 'detached' });
    assert.equal((await formBuilderData(fresh)).user.has_rich_text_tutorial, false);

    await fresh.reload();
    await composer(fresh).getByRole('textbox', { name: 'Title' }).waitFor();
    // Well past the 500 ms show delay.
    await fresh.waitForTimeout(1500);
    assert.equal(await composer(fresh).getByRole('complementary', { name: 'Rich text tutorial' }).count(), 0);
    assert.deepEqual(fresh.errors, []);
  });

  await t.test("Preview on blog opens the server's preview page with the post's text, saving nothing", async () => {
    const before = await page.request.get(`/svc/post/blog/after/0?blog=${a.blogName}`);
    const postsBefore = (await before.json()).response.posts.length;
    await page.goto('/new/text');
    await composer(page).getByRole('textbox', { name: 'Title' }).fill('Only a draft of a thought');
    await typeRich(page, 'Body', 'Seen first in the preview.');
    await composer(page).getByRole('button', { name: 'Save options' }).click();
    const popup = page.waitForEvent('popup');
    await page.getByRole('menuitem', { name: 'Preview on blog' }).click();
    const preview = await popup;
    await preview.waitForLoadState();
    assert.equal(new URL(preview.url()).pathname, `/blog/${a.blogName}/post/preview`);
    const shown = await text(preview.locator('body'));
    assert.match(shown, /Only a draft of a thought/);
    assert.match(shown, /Seen first in the preview\./);
    // The form is still open, and nothing was saved.
    await composer(page).getByRole('textbox', { name: 'Title' }).waitFor();
    const afterwards = await page.request.get(`/svc/post/blog/after/0?blog=${a.blogName}`);
    assert.equal((await afterwards.json()).response.posts.length, postsBefore);
  });

  await t.test('no script errors on either page', () => {
    assert.deepEqual(page.errors, []);
    assert.deepEqual(pageB.errors, []);
  });
});
