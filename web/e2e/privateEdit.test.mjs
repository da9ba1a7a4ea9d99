// End-to-end: a published post edited to private, on its owner's blog page (spec 001 §4 After
// save: "An edited post is replaced inline, or removed if its page context changed"; a private
// post's page is its blog's, for its owner). The blog's readers hear it taken down on
// posts:{blog} (protocol/README.md: `deleted` covers "taken back to ... private"), and a
// follower watching the blog page sees it go; the owner's own page keeps it, marked Private
// and without the sharing a private post does not have (spec 002 §2), whichever of the save
// answer and the socket's event comes first.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiPost, composer, listening, register, saveWith, startStack, trackErrors, uniqueSuffix, userInfo } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

const postArticle = (page, id) => page.locator(`article[data-post-id="${id}"]`);

test('a post made private stays on its owner’s blog page, marked Private, and leaves a reader’s', async () => {
  const suffix = uniqueSuffix();
  const password = 'correct-horse-battery';
  const author = { email: `pe-${suffix}@example.com`, password, blogName: `pe-${suffix}` };
  const reader = { email: `pr-${suffix}@example.com`, password, blogName: `pr-${suffix}` };
  const { page: authorPage } = await stack.newPage();
  const { page: readerPage } = await stack.newPage();
  trackErrors(authorPage);
  trackErrors(readerPage);
  await register(authorPage, author);
  await register(readerPage, reader);
  const authorKey = (await userInfo(authorPage)).form_key;
  const publish = async (title) =>
    (
      await apiPost(authorPage, authorKey, '/svc/post/update', {
        channel_id: author.blogName,
        'post[type]': 'text',
        'post[state]': '0',
        'post[one]': title,
        'post[two]': `<p>${title}, in a few words.</p>`,
      })
    ).post.id;
  // The one made private is not the newest: a post put back only at the top would not be it.
  const toHide = await publish('Tide tables');
  const newest = await publish('Lanterns on the quay');

  // The socket's events as they reach the owner's page.
  const frames = [];
  authorPage.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));

  await readerPage.goto(`/blog/${author.blogName}`);
  await postArticle(readerPage, toHide).waitFor();
  await listening(readerPage, `posts:${author.blogName}`);

  await authorPage.goto(`/blog/${author.blogName}`);
  const mine = postArticle(authorPage, toHide);
  await mine.waitFor();
  await postArticle(authorPage, newest).waitFor();
  await listening(authorPage, `posts:${author.blogName}`);
  assert.equal(await mine.getByText('Private', { exact: true }).count(), 0);
  await mine.getByRole('button', { name: 'Share' }).waitFor();

  await mine.getByRole('link', { name: 'Edit' }).click();
  const form = composer(authorPage);
  await form.getByRole('textbox', { name: 'Title' }).waitFor();
  await form.getByRole('button', { name: 'Save options' }).click();
  await form.getByRole('menuitemradio', { name: /Post privately/ }).click();
  const saved = await saveWith(authorPage, 'Post privately');
  assert.equal(saved.post.state, 'private');

  // The reader's copy of the blog page loses it.
  await postArticle(readerPage, toHide).waitFor({ state: 'detached' });

  // The owner's page heard the same event, and still shows the post, as it now is.
  const heard = `"id":${toHide},"action":"deleted"`;
  const deadline = Date.now() + 10_000;
  while (!frames.some((f) => f.includes(heard)) && Date.now() < deadline) await authorPage.waitForTimeout(50);
  assert.ok(frames.some((f) => f.includes(heard)), 'the owner’s page heard the post taken down');
  await authorPage.waitForLoadState('networkidle');
  await mine.getByText('Private', { exact: true }).waitFor({ timeout: 3_000 });
  assert.equal(await mine.getByRole('button', { name: 'Share' }).count(), 0, 'a private post offers no sharing');
  assert.equal(await mine.getByRole('button', { name: 'Fast reblog' }).count(), 0);
  // And keeps showing it.
  await authorPage.waitForTimeout(500);
  assert.equal(await mine.count(), 1);
  assert.deepEqual(authorPage.errors, []);
  assert.deepEqual(readerPage.errors, []);
});
