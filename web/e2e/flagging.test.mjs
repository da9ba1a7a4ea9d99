// End-to-end: flagging and the moderators' queue (spec 002 §1 "Shared actions on blogs: … flag",
// §2 the share popover's flagging; docs/api.md /svc/post/flag, /svc/blog/flag,
// /svc/admin/reports). A reader flags an author's post from the share popover and the author's
// blog from its card's menu, and is thanked in the server's words each time. An administrator
// (made with `dashwire admin`) opens Reports from the account menu, sees both reports, oldest
// first, dismisses the post's, and finds it among the resolved ones.
//
//   npm run build && node --test e2e/flagging.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiPost, register, startStack, text, uniqueSuffix, userInfo } from './support.mjs';

const THANKS = 'Thanks for telling us. Our moderators will take a look.';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

test('a reader flags a post and a blog; an administrator sees both and resolves one', async (t) => {
  const suffix = uniqueSuffix();
  const password = 'correct-horse-battery';
  const author = { email: `fa-${suffix}@example.com`, password, blogName: `fa-${suffix}` };
  const reader = { email: `fr-${suffix}@example.com`, password, blogName: `fr-${suffix}` };
  const moderator = { email: `fm-${suffix}@example.com`, password, blogName: `fm-${suffix}` };
  const { page: authorPage } = await stack.newPage();
  const { page } = await stack.newPage();
  await register(authorPage, author);
  await register(page, reader);
  const authorKey = (await userInfo(authorPage)).form_key;
  const readerKey = (await userInfo(page)).form_key;
  const saved = await apiPost(authorPage, authorKey, '/svc/post/update', {
    channel_id: author.blogName,
    'post[type]': 'text',
    'post[state]': '0',
    'post[one]': 'Cheap watches',
    'post[two]': '<p>Buy three, get none free.</p>',
  });
  const postId = saved.post.id;
  await apiPost(page, readerKey, '/svc/follow', { tumblelog: author.blogName });

  await t.test('the share popover flags the post', async () => {
    await page.goto('/dashboard');
    const post = page.locator(`article[data-post-id="${postId}"]`);
    await post.getByRole('button', { name: 'Share', exact: true }).click();
    const popover = page.getByRole('dialog', { name: 'Share this post' });
    await popover.getByRole('button', { name: 'Flag this post' }).click();
    const form = popover.getByRole('form', { name: 'Flag this post' });
    await form.getByRole('radio', { name: 'Spam' }).check();
    await form.getByLabel('Note (optional)').fill('Selling watches in every post');
    const sent = page.waitForResponse((res) => res.url().endsWith('/svc/post/flag'));
    await form.getByRole('button', { name: 'Send' }).click();
    assert.equal((await sent).status(), 200);
    assert.equal(await text(popover.getByRole('status')), THANKS);
    await popover.getByRole('button', { name: 'Close' }).click();
    await popover.waitFor({ state: 'detached' });
  });

  await t.test('the blog card’s menu flags the blog; Something else needs a note', async () => {
    await page.goto(`/blog/${author.blogName}`);
    await page.getByRole('button', { name: `About ${author.blogName}` }).first().click();
    const menu = page.getByRole('dialog', { name: `About ${author.blogName}` });
    await menu.getByRole('button', { name: 'Flag this blog' }).click();
    const form = menu.getByRole('form', { name: 'Flag this blog' });
    await form.getByRole('radio', { name: 'Something else' }).check();
    const send = form.getByRole('button', { name: 'Send' });
    assert.equal(await send.isDisabled(), true, 'Send waits for the note');
    await form.getByLabel('Note').fill('Pretends to be <b>me</b>');
    const sent = page.waitForResponse((res) => res.url().endsWith('/svc/blog/flag'));
    await send.click();
    assert.equal((await sent).status(), 200);
    assert.equal(await text(menu.getByRole('status')), THANKS);
  });

  await t.test('an administrator sees both on Reports and dismisses the post’s', async () => {
    const { page: adminPage } = await stack.newPage();
    await register(adminPage, moderator);
    // Seen the tour guide, so the account tab opens the menu at once.
    const { form_key } = await userInfo(adminPage);
    await apiPost(adminPage, form_key, '/svc/post/set_seen_atg', {});
    await stack.makeAdmin(moderator.email);
    await adminPage.reload();
    await adminPage.getByRole('button', { name: 'Account' }).click();
    await adminPage.getByRole('link', { name: 'Reports' }).click();
    await adminPage.waitForURL('**/admin/reports');

    const open = adminPage.getByRole('list', { name: 'Open reports' });
    await open.waitFor();
    const reports = open.getByRole('listitem');
    assert.equal(await reports.count(), 2);
    const [postReport, blogReport] = [reports.nth(0), reports.nth(1)];
    assert.equal(await text(postReport.getByRole('heading')), 'Post: Spam');
    assert.ok((await text(postReport)).includes('Selling watches in every post'));
    assert.ok((await text(postReport)).includes(`Flagged by${reader.blogName}`));
    const postLink = postReport.getByRole('link', { name: /Cheap watches/ });
    assert.match(await postLink.getAttribute('href'), new RegExp(`/blog/${author.blogName}/post/${postId}`));
    assert.equal(await text(blogReport.getByRole('heading')), 'Blog: Something else');
    // The note is the reporter's text, shown as typed.
    assert.ok((await text(blogReport)).includes('Pretends to be <b>me</b>'));
    assert.equal(
      await blogReport.getByRole('link', { name: author.blogName, exact: true }).getAttribute('href'),
      `/blog/${author.blogName}`,
    );

    const resolved = adminPage.waitForResponse((res) => res.url().endsWith('/svc/admin/reports/resolve'));
    await postReport.getByRole('button', { name: 'Dismiss' }).click();
    assert.equal((await resolved).status(), 200);
    await adminPage.getByText(`Dismissed: the post report of ${author.blogName}.`).waitFor();
    await adminPage.waitForFunction(
      () => document.querySelectorAll('[aria-label="Open reports"] > li').length === 1,
    );
    assert.equal(await text(reports.nth(0).getByRole('heading')), 'Blog: Something else');

    await adminPage.getByRole('tab', { name: 'Resolved' }).click();
    const done = adminPage.getByRole('list', { name: 'Resolved reports' }).getByRole('listitem');
    await done.first().waitFor();
    assert.equal(await done.count(), 1);
    assert.equal(await text(done.first().getByRole('heading')), 'Post: Spam');
    assert.ok((await text(done.first())).includes('Dismissed,'));
    assert.deepEqual(adminPage.errors, []);
  });

  assert.deepEqual(page.errors, []);
});
