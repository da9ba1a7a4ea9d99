// End-to-end: post actions live (spec 002 §4, §7; spec 000 §2.3). A reader likes and fast
// reblogs a post on the dashboard while the author, in a second browser, watches her blog
// page and her activity popover: the note count and the notifications change in place,
// without a reload.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiPost, headerTab, listening, register, startStack, text, trackErrors, uniqueSuffix, userInfo } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

const postArticle = (page, id) => page.locator(`article[data-post-id="${id}"]`);

test('like and fast reblog from the dashboard, seen live by the author', async (t) => {
  const suffix = uniqueSuffix();
  const password = 'correct-horse-battery';
  const author = { email: `pa-${suffix}@example.com`, password, blogName: `pa-${suffix}` };
  const reader = { email: `pr-${suffix}@example.com`, password, blogName: `pr-${suffix}` };
  const { page: authorPage } = await stack.newPage();
  const { page: readerPage } = await stack.newPage();
  trackErrors(authorPage);
  trackErrors(readerPage);
  await register(authorPage, author);
  await register(readerPage, reader);
  const authorKey = (await userInfo(authorPage)).form_key;
  const readerKey = (await userInfo(readerPage)).form_key;
  const saved = await apiPost(authorPage, authorKey, '/svc/post/update', {
    channel_id: author.blogName,
    'post[type]': 'text',
    'post[state]': '0',
    'post[one]': 'Lighthouse at dusk',
    'post[two]': '<p>The lamp came on at six.</p>',
  });
  const id = saved.post.id;
  await apiPost(readerPage, readerKey, '/svc/follow', { tumblelog: author.blogName });

  // The author watches her blog page and her activity popover.
  await authorPage.goto(`/blog/${author.blogName}`);
  const authorsCopy = postArticle(authorPage, id);
  await authorsCopy.waitFor();
  assert.equal(await authorsCopy.getByRole('button', { name: /Like/ }).count(), 0, 'no like on her own post');
  await headerTab(authorPage, 'Activity').click();
  const activity = authorPage.getByRole('dialog', { name: 'Activity', exact: true });
  await activity.getByText(new RegExp(`${reader.blogName} started following you`)).waitFor();
  await listening(authorPage, `notes:${id}`);
  await listening(authorPage, `activity:${author.blogName}`);
  await listening(authorPage, `posts:${author.blogName}`);

  await readerPage.goto('/dashboard');
  const readersCopy = postArticle(readerPage, id);
  await readersCopy.waitFor();
  await listening(readerPage, `notes:${id}`);

  await t.test('a like shows at once for the reader, and live on the author’s page and activity', async () => {
    const like = readersCopy.getByRole('button', { name: /Like/ });
    assert.equal(await like.getAttribute('aria-pressed'), 'false');
    await like.click();
    assert.equal(await like.getAttribute('aria-pressed'), 'true');
    await authorsCopy.getByText('1 note', { exact: true }).waitFor();
    await activity.getByText(new RegExp(`${reader.blogName} liked your post`)).waitFor();
    await readersCopy.getByText('1 note', { exact: true }).waitFor();
    // The reader's Likes page lists it.
    const likes = await readerPage.context().newPage();
    trackErrors(likes);
    await likes.goto('/likes');
    await postArticle(likes, id).getByRole('button', { name: /Like/, pressed: true }).waitFor();
    assert.deepEqual(likes.errors, []);
    await likes.close();
  });

  await t.test('a fast reblog goes to the reader’s blog and counts on the author’s post', async () => {
    await readersCopy.getByRole('button', { name: 'Fast reblog' }).click();
    await readersCopy.getByRole('button', { name: 'Reblogged' }).waitFor();
    assert.equal(await text(readersCopy.getByRole('status')), `Reblogged to ${reader.blogName}.`);
    await authorsCopy.getByText('2 notes', { exact: true }).waitFor();
    await activity.getByText(new RegExp(`${reader.blogName} reblogged your post`)).waitFor();
    // The notification links to the reblog itself, on the reader's blog; a fast reblog adds no words.
    const reblogged = activity.getByRole('listitem').filter({ hasText: 'reblogged your post' });
    const href = await reblogged.getByRole('link', { name: 'reblogged your post' }).getAttribute('href');
    assert.match(href, new RegExp(`^/blog/${reader.blogName}/post/\\d+`));
    assert.equal(await reblogged.locator('q').count(), 0);
  });

  await t.test('an unlike takes the note back, live', async () => {
    await readersCopy.getByRole('button', { name: /Like/ }).click();
    await authorsCopy.getByText('1 note', { exact: true }).waitFor();
    // After a reload the reader's copy says what the server holds.
    await readerPage.reload();
    const reloaded = postArticle(readerPage, id);
    await reloaded.getByText('1 note', { exact: true }).waitFor();
    await listening(readerPage, 'dashboard');
    assert.equal(await reloaded.getByRole('button', { name: /Like/ }).getAttribute('aria-pressed'), 'false');
    assert.equal(await reloaded.getByRole('button', { name: 'Reblogged' }).count(), 1);
  });

  await t.test('a new post waits behind "1 new post" on the reader’s dashboard and the author’s page', async () => {
    const fresh = await apiPost(authorPage, authorKey, '/svc/post/update', {
      channel_id: author.blogName,
      'post[type]': 'text',
      'post[state]': '0',
      'post[one]': 'Second light',
    });
    const newer = readerPage.getByRole('button', { name: '1 new post' });
    await newer.click();
    // The click fetches the new post; it comes in on top.
    await postArticle(readerPage, fresh.post.id).waitFor();
    const first = readerPage.getByRole('feed', { name: 'Your dashboard' }).getByRole('article').first();
    assert.equal(await first.getAttribute('data-post-id'), String(fresh.post.id));
    await authorPage.getByRole('button', { name: '1 new post' }).waitFor();
    // An edit shows in place, without a reload.
    await apiPost(authorPage, authorKey, '/svc/post/update', {
      channel_id: author.blogName,
      post_id: String(fresh.post.id),
      'post[type]': 'text',
      'post[state]': '0',
      'post[one]': 'Second light, brighter',
    });
    await postArticle(readerPage, fresh.post.id).getByRole('heading', { name: 'Second light, brighter' }).waitFor();
  });

  await t.test('no script errors in either page', () => {
    assert.deepEqual(authorPage.errors, []);
    assert.deepEqual(readerPage.errors, []);
  });
});

test('a visitor reads a blog live: new posts and note counts without a reload', async () => {
  const suffix = uniqueSuffix();
  const password = 'correct-horse-battery';
  const author = { email: `va-${suffix}@example.com`, password, blogName: `va-${suffix}` };
  const fan = { email: `vf-${suffix}@example.com`, password, blogName: `vf-${suffix}` };
  const { page: authorPage } = await stack.newPage();
  const { page: fanPage } = await stack.newPage();
  const { page: visitor } = await stack.newPage();
  trackErrors(visitor);
  await register(authorPage, author);
  await register(fanPage, fan);
  const authorKey = (await userInfo(authorPage)).form_key;
  const fanKey = (await userInfo(fanPage)).form_key;
  const first = await apiPost(authorPage, authorKey, '/svc/post/update', {
    channel_id: author.blogName,
    'post[type]': 'text',
    'post[state]': '0',
    'post[one]': 'Open to all',
  });

  await visitor.goto(`/blog/${author.blogName}`);
  await postArticle(visitor, first.post.id).waitFor();
  await listening(visitor, `posts:${author.blogName}`);
  await listening(visitor, `notes:${first.post.id}`);

  const second = await apiPost(authorPage, authorKey, '/svc/post/update', {
    channel_id: author.blogName,
    'post[type]': 'text',
    'post[state]': '0',
    'post[one]': 'Fresh out',
  });
  await visitor.getByRole('button', { name: '1 new post' }).click();
  await postArticle(visitor, second.post.id).waitFor();

  await apiPost(fanPage, fanKey, '/svc/like', { id: String(first.post.id), key: first.post.reblog_key });
  await postArticle(visitor, first.post.id).getByText('1 note', { exact: true }).waitFor();
  assert.deepEqual(visitor.errors, []);
});
