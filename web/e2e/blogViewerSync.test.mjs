// End-to-end: the blog viewer drawer and the dashboard under it agree (spec 000 §2.10, spec
// 002 §4, §6). A reader opens a reblog's trail on the post it came from; likes a post in the
// drawer and sees the same post on her dashboard liked; blocks the blog from the drawer's
// toolbar, whose Block turns into Unblock, and its posts leave her dashboard at once.
//
//   npm run build && node --test e2e/blogViewerSync.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiPost, register, startStack, uniqueSuffix, userInfo } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

test('the blog viewer drawer and the dashboard under it', async () => {
  const suffix = uniqueSuffix();
  const password = 'correct-horse-battery';
  const author = { email: `bvs-a-${suffix}@example.com`, password, blogName: `bvs-a-${suffix}` };
  const rebloggerUser = { email: `bvs-c-${suffix}@example.com`, password, blogName: `bvs-c-${suffix}` };
  const reader = { email: `bvs-r-${suffix}@example.com`, password, blogName: `bvs-r-${suffix}` };
  const { page: authorPage } = await stack.newPage();
  const { page: rebloggerPage } = await stack.newPage();
  const { page } = await stack.newPage();
  await register(authorPage, author);
  await register(rebloggerPage, rebloggerUser);
  await register(page, reader);

  const authorKey = (await userInfo(authorPage)).form_key;
  const post = async (words) =>
    (
      await apiPost(authorPage, authorKey, '/svc/post/update', {
        channel_id: author.blogName,
        'post[type]': 'text',
        'post[state]': '0',
        'post[one]': words,
        'post[two]': `<p>${words}, at length.</p>`,
      })
    ).post;
  const first = await post('A first walk');
  const second = await post('A second walk');
  const reblog = (
    await apiPost(rebloggerPage, (await userInfo(rebloggerPage)).form_key, '/fast_reblog', {
      reblog_post_id: String(first.id),
      reblog_key: first.reblog_key,
    })
  ).post;
  const readerKey = (await userInfo(page)).form_key;
  await apiPost(page, readerKey, '/svc/follow', { tumblelog: author.blogName });
  await apiPost(page, readerKey, '/svc/follow', { tumblelog: rebloggerUser.blogName });

  await page.goto('/dashboard');
  const dashboard = page.getByRole('feed', { name: 'Your dashboard' });
  const onDashboard = (id) => dashboard.locator(`article.post[data-post-id="${id}"]`);
  await onDashboard(reblog.id).waitFor();
  await onDashboard(second.id).waitFor();
  const drawer = page.getByRole('dialog', { name: `${author.blogName} (blog viewer)` });

  // The reblog's trail names the author: her post opens in the drawer, alone, over the page.
  await onDashboard(reblog.id).getByRole('list', { name: 'Reblog trail' }).getByRole('link', { name: author.blogName }).click();
  await drawer.locator(`article.post[data-post-id="${first.id}"]`).waitFor();
  assert.equal(await drawer.locator('article.post').count(), 1, 'the drawer shows that one post');
  assert.equal(new URL(page.url()).pathname, '/dashboard', 'the page stays under the drawer');
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });

  // A like in the drawer shows on the dashboard's same post.
  await onDashboard(second.id).getByRole('link', { name: author.blogName, exact: true }).click();
  const inDrawer = drawer.locator(`article.post[data-post-id="${second.id}"]`);
  await inDrawer.getByRole('button', { name: /Like/ }).click();
  await inDrawer.getByText('1 note', { exact: true }).waitFor();
  await onDashboard(second.id).getByRole('button', { name: /Like/, pressed: true }).waitFor();
  await onDashboard(second.id).getByText('1 note', { exact: true }).waitFor();

  // Block from the drawer's toolbar: it turns into Unblock, and the blog's posts leave the
  // dashboard under it at once; the reblog of her post, another blog's, stays.
  const tools = drawer.getByRole('toolbar', { name: `${author.blogName} controls` });
  await tools.getByRole('button', { name: 'Block', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Block', exact: true }).click();
  await tools.getByRole('button', { name: 'Unblock', exact: true }).waitFor();
  await tools.getByText(`${author.blogName} is blocked.`).waitFor();
  await onDashboard(second.id).waitFor({ state: 'detached' });
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
  assert.equal(await onDashboard(first.id).count(), 0);
  assert.equal(await onDashboard(reblog.id).count(), 1);
  assert.deepEqual(page.errors, []);
});
