// End-to-end: the post composer (spec 001). A user composes and publishes one post of every
// type through the form, uploads a photo with its progress bar (on a throttled connection),
// edits a post, reblogs another user's post with its trail, and composes by keyboard from
// fast compose.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { rgbPng } from './png.mjs';
import { composer, register, saveWith, startStack, text, typeRich, uniqueSuffix } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

/** A PNG of random pixels (it does not compress): `size` × `size`, about 3·size² bytes. */
function noisePng(size) {
  const byte = () => Math.floor(Math.random() * 256);
  return rgbPng(size, () => [byte(), byte(), byte()]);
}

test('composer: every type, an upload, an edit, a reblog, fast compose', async (t) => {
  const suffix = uniqueSuffix();
  const password = 'correct-horse-battery';
  const a = { email: `ca-${suffix}@example.com`, password, blogName: `ca-${suffix}` };
  const b = { email: `cb-${suffix}@example.com`, password, blogName: `cb-${suffix}` };
  const { page } = await stack.newPage();
  const { page: pageB } = await stack.newPage();
  await register(page, a);
  await register(pageB, b);
  const saved = {};

  await t.test('a text post, with bold from the keyboard', async () => {
    await page.goto('/new/text');
    await composer(page).getByRole('textbox', { name: 'Title' }).fill('Hello from the composer');
    await typeRich(page, 'Body', 'Plain and ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('bold');
    const answer = await saveWith(page, 'Post');
    assert.equal(answer.post.content.type, 'text');
    assert.equal(answer.post.content.title, 'Hello from the composer');
    assert.match(answer.post.content.body, /<strong>bold<\/strong>/);
    assert.equal(answer.message, `Posted to ${a.blogName}.`);
    // Closed: back on the dashboard, the base route.
    assert.equal(new URL(page.url()).pathname, '/dashboard');
    saved.text = answer.post;
  });

  await t.test('a photo post: the upload shows its progress bar and holds the save until done', async () => {
    await page.goto('/new/photo');
    await composer(page).getByLabel('Upload photos').waitFor({ state: 'attached' });
    const cdp = await page.context().newCDPSession(page);
    // 200 kB at 100 kB/s: the bar is up for about two seconds.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 100 * 1024,
    });
    await composer(page)
      .getByLabel('Upload photos')
      .setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: noisePng(260) });
    const bar = composer(page).getByRole('progressbar', { name: 'Uploading noise.png' });
    await bar.waitFor();
    assert.equal(await composer(page).getByRole('button', { name: 'Post', exact: true }).isDisabled(), true);
    await bar.waitFor({ state: 'detached', timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await composer(page).getByRole('list', { name: 'Photos' }).getByRole('img').waitFor();
    await composer(page).getByRole('textbox', { name: 'Click-through link' }).fill('https://example.com/more');
    await typeRich(page, 'Caption', 'Static, uploaded');
    const answer = await saveWith(page, 'Post');
    assert.equal(answer.post.content.type, 'photo');
    assert.equal(answer.post.content.photos.length, 1);
    assert.match(answer.post.content.photos[0].url, /^\/media\//);
    assert.equal(answer.post.content.linkthrough, 'https://example.com/more');
    saved.photo = answer.post;
  });

  await t.test('a quote post', async () => {
    await page.goto('/new/quote');
    await composer(page).getByRole('textbox', { name: 'Quote' }).fill('To be, or not to be.');
    await typeRich(page, 'Source', 'Hamlet');
    const answer = await saveWith(page, 'Post');
    assert.equal(answer.post.content.type, 'quote');
    assert.equal(answer.post.content.quote, 'To be, or not to be.');
    assert.match(answer.post.content.source, /Hamlet/);
  });

  await t.test('a link post: the URL gets http: and opens the rest of the form', async () => {
    await page.goto('/new/link');
    await composer(page).getByRole('textbox', { name: 'URL' }).fill('example.com/composer');
    // After the 500 ms pause the link's fields appear.
    await composer(page).getByRole('textbox', { name: 'Title' }).fill('An example');
    await composer(page).getByRole('textbox', { name: 'Summary' }).fill('What it is about');
    await composer(page).getByRole('textbox', { name: 'Author' }).fill('Someone');
    const answer = await saveWith(page, 'Post');
    assert.equal(answer.post.content.type, 'link');
    assert.equal(answer.post.content.url, 'http://example.com/composer');
    assert.deepEqual(
      [answer.post.content.title, answer.post.content.excerpt, answer.post.content.author],
      ['An example', 'What it is about', 'Someone'],
    );
  });

  await t.test('a chat post', async () => {
    await page.goto('/new/chat');
    await composer(page).getByRole('textbox', { name: 'Chat' }).fill('Ann: Hi!\nBob: Hello.');
    const answer = await saveWith(page, 'Post');
    assert.equal(answer.post.content.type, 'chat');
    assert.deepEqual(answer.post.content.lines, [
      { speaker: 'Ann', text: 'Hi!' },
      { speaker: 'Bob', text: 'Hello.' },
    ]);
  });

  await t.test('an audio post from a service URL, with its track fields', async () => {
    await page.goto('/new/audio');
    // The search field takes a pasted URL too; the service's lookup then shows the track.
    await composer(page).getByRole('textbox', { name: 'Search audio' }).fill('https://soundcloud.com/artist/track');
    await composer(page).getByRole('textbox', { name: 'Track title' }).fill('The track');
    await composer(page).getByRole('textbox', { name: 'Artist' }).fill('The artist');
    const answer = await saveWith(page, 'Post');
    assert.equal(answer.post.content.type, 'audio');
    assert.equal(answer.post.content.service, 'soundcloud');
    assert.deepEqual([answer.post.content.track_title, answer.post.content.track_artist], ['The track', 'The artist']);
  });

  await t.test('a video post from a youtube URL', async () => {
    await page.goto('/new/video');
    await composer(page).getByRole('textbox', { name: 'Video URL or embed code' }).fill('https://youtu.be/dQw4w9WgXcQ');
    await typeRich(page, 'Caption', 'Watch this');
    const answer = await saveWith(page, 'Post');
    assert.equal(answer.post.content.type, 'video');
    assert.equal(answer.post.content.embed_url, 'https://www.youtube.com/embed/dQw4w9WgXcQ');
  });

  await t.test("all seven are on the blog's posts", async () => {
    const res = await page.request.get(`/svc/post/blog/after/0?blog=${a.blogName}`);
    assert.equal(res.status(), 200);
    const types = (await res.json()).response.posts.map((p) => p.content.type).sort();
    assert.deepEqual(types, ['audio', 'chat', 'link', 'photo', 'quote', 'text', 'video']);
  });

  await t.test('an edit: the form opens filled in, the blog locked, and saves', async () => {
    await page.goto(`/edit/${saved.text.id}`);
    const title = composer(page).getByRole('textbox', { name: 'Title' });
    await title.waitFor();
    assert.equal(await title.inputValue(), 'Hello from the composer');
    assert.equal(await composer(page).getByRole('button', { name: `Blog: ${a.blogName}` }).isDisabled(), true);
    await title.fill('Hello again');
    await composer(page).getByRole('combobox', { name: 'Tags' }).fill('edited,');
    const answer = await saveWith(page, 'Save');
    assert.equal(answer.post.id, saved.text.id);
    assert.equal(answer.post.content.title, 'Hello again');
    assert.deepEqual(answer.post.tags, ['edited']);
    assert.equal(answer.created_post, false);
  });

  await t.test("B reblogs A's post with its trail, and the toast follows", async () => {
    await pageB.goto(`/reblog/${saved.text.id}/${saved.text.reblog_key}`);
    const trail = composer(pageB).getByRole('list', { name: 'Reblog trail' });
    await trail.waitFor();
    assert.match(await text(trail), /Plain and bold/);
    await typeRich(pageB, 'Your comment', 'So true');
    const answer = await saveWith(pageB, 'Reblog');
    assert.equal(answer.post.is_reblog, true);
    assert.equal(answer.post.tumblelog, b.blogName);
    assert.equal(answer.post.reblog_trail.length, 1);
    assert.equal(answer.post.reblog_trail[0].name, a.blogName);
    assert.match(answer.post.reblog_comment, /So true/);
    await pageB.getByRole('status').filter({ hasText: `Reblogged to ${b.blogName}.` }).waitFor();
  });

  await t.test('a reblog the server refuses alerts and closes', async () => {
    await pageB.goto(`/reblog/${saved.text.id}/wrong-key`);
    const alert = pageB.getByRole('alertdialog');
    await alert.getByText('This post cannot be reblogged.').waitFor();
    await alert.getByRole('button', { name: 'OK' }).click();
    await composer(pageB).waitFor({ state: 'detached' });
    assert.equal(new URL(pageB.url()).pathname, '/dashboard');
  });

  await t.test("the dashboard's new-post buttons open the composer at /new/{type}", async () => {
    await page.goto('/dashboard');
    const buttons = page.getByRole('navigation', { name: 'New post' }).getByRole('link');
    await buttons.first().waitFor();
    assert.deepEqual(
      (await buttons.allTextContents()).map((label) => label.replace(/^(Aa|“”)/, '')),
      ['Text', 'Photo', 'Quote', 'Link', 'Chat', 'Audio', 'Video'],
    );
    await page.getByRole('link', { name: 'New quote post' }).click();
    await composer(page).waitFor();
    assert.equal(await composer(page).getAttribute('aria-label'), 'New quote post');
    assert.equal(new URL(page.url()).pathname, '/new/quote');
    await composer(page).getByRole('button', { name: 'Close' }).click();
    await composer(page).waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).pathname, '/dashboard');
  });

  await t.test('fast compose by keyboard: z then c, arrows, enter, type, Ctrl+Enter', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account' }).waitFor();
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    // Linux here: the platform's combination is z then c (alt+c is the Mac's).
    await page.keyboard.press('z');
    await page.keyboard.press('c');
    const tiles = page.getByRole('group', { name: 'Create a post' });
    await tiles.waitFor();
    await page.keyboard.press('ArrowLeft'); // wraps to the last tile, Video
    await page.keyboard.press('ArrowRight'); // and round to the first, Text
    await page.keyboard.press('Enter');
    await composer(page).waitFor();
    assert.equal(await composer(page).getAttribute('aria-label'), 'New text post');
    // The title has the focus.
    await page.keyboard.type('Typed in fast compose');
    const answer = page.waitForResponse((res) => res.url().endsWith('/svc/post/update'));
    await page.keyboard.press('Control+Enter');
    const saveAnswer = (await (await answer).json()).response;
    assert.equal(saveAnswer.post.content.title, 'Typed in fast compose');
    await composer(page).waitFor({ state: 'detached' });
    // The URL was never changed, and the toast says where it went.
    assert.equal(new URL(page.url()).pathname, '/dashboard');
    await page.getByRole('status').filter({ hasText: `Posted to ${a.blogName}.` }).waitFor();
  });

  await t.test('no script errors on either page', () => {
    assert.deepEqual(page.errors, []);
    assert.deepEqual(pageB.errors, []);
  });
});
