// End-to-end: the owner's Publish, Queue and Delete on her posts (spec 002 §1, §7, §8). She
// publishes a draft from her drafts page and queues another, while a follower watches his
// dashboard: the published post is announced to him live. Then she deletes it from her blog
// page, after the confirmation, and it leaves her page and his dashboard without a reload.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiPost, listening, register, startStack, trackErrors, uniqueSuffix, userInfo } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

const feed = (page, name) => page.getByRole('feed', { name });
const postArticle = (scope, id) => scope.locator(`article[data-post-id="${id}"]`);

test('publish, queue and delete one’s own posts, seen live by a follower', async (t) => {
  const suffix = uniqueSuffix();
  const password = 'correct-horse-battery';
  const author = { email: `op-${suffix}@example.com`, password, blogName: `op-${suffix}` };
  const follower = { email: `of-${suffix}@example.com`, password, blogName: `of-${suffix}` };
  const { page: authorPage } = await stack.newPage();
  const { page: followerPage } = await stack.newPage();
  trackErrors(authorPage);
  trackErrors(followerPage);
  await register(authorPage, author);
  await register(followerPage, follower);
  const authorKey = (await userInfo(authorPage)).form_key;
  const followerKey = (await userInfo(followerPage)).form_key;
  await apiPost(followerPage, followerKey, '/svc/follow', { tumblelog: author.blogName });
  const draft = async (title) =>
    (
      await apiPost(authorPage, authorKey, '/svc/post/update', {
        channel_id: author.blogName,
        'post[type]': 'text',
        'post[state]': '1',
        'post[one]': title,
        'post[two]': `<p>${title}, in a few words.</p>`,
      })
    ).post.id;
  const toPublish = await draft('Harbour at noon');
  const toQueue = await draft('Gulls over the pier');

  // His dashboard is empty: nothing of hers is out yet.
  await followerPage.goto('/dashboard');
  await listening(followerPage, 'dashboard');

  await authorPage.goto(`/blog/${author.blogName}/drafts`);
  const drafts = feed(authorPage, `${author.blogName} drafts`);
  await postArticle(drafts, toPublish).waitFor();

  await t.test('Publish sends a draft out: it leaves the drafts and reaches the follower', async () => {
    await postArticle(drafts, toPublish).getByRole('button', { name: 'Publish' }).click();
    await postArticle(drafts, toPublish).waitFor({ state: 'detached' });
    await followerPage.getByRole('button', { name: '1 new post' }).click();
    await postArticle(followerPage, toPublish).getByRole('heading', { name: 'Harbour at noon' }).waitFor();
  });

  await t.test('Queue sends a draft to the queue page', async () => {
    await postArticle(drafts, toQueue).getByRole('button', { name: 'Queue' }).click();
    await postArticle(drafts, toQueue).waitFor({ state: 'detached' });
    assert.equal(await drafts.getByRole('article').count(), 0);
    await authorPage.goto(`/blog/${author.blogName}/queue`);
    const queued = postArticle(feed(authorPage, `${author.blogName} queue`), toQueue);
    await queued.getByRole('button', { name: 'Publish' }).waitFor();
    assert.equal(await queued.getByRole('button', { name: 'Queue' }).count(), 0, 'a queued post is in the queue already');
  });

  await t.test('Delete asks first, then the post leaves the blog page and the dashboard', async () => {
    await authorPage.goto(`/blog/${author.blogName}`);
    const mine = postArticle(authorPage, toPublish);
    await mine.waitFor();
    await listening(authorPage, `posts:${author.blogName}`);
    await mine.getByRole('button', { name: 'Delete' }).click();
    const confirm = authorPage.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete this?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    assert.equal(await mine.count(), 1, 'Cancel keeps the post');

    await mine.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await mine.waitFor({ state: 'detached' });
    await postArticle(followerPage, toPublish).waitFor({ state: 'detached' });
    await authorPage.reload();
    await authorPage.getByText('No posts yet.').waitFor();
  });

  await t.test('no script errors in either page', () => {
    assert.deepEqual(authorPage.errors, []);
    assert.deepEqual(followerPage.errors, []);
  });
});
