// End-to-end: Edit appearance (spec 000 §2.1, docs/api.md "Edit appearance"). A blogger opens
// /settings/blog/{name}, changes her title's colour and font, saves and sees 'Saved.'; her
// blog in the blog viewer drawer then has the new look, drawn with the catalogue's family.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiPost, register, startStack, trackErrors, uniqueSuffix, userInfo } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

test("a blogger's new title colour and font reach the blog viewer", async () => {
  const suffix = uniqueSuffix();
  const blogger = { email: `ap-${suffix}@example.com`, password: 'correct-horse-battery', blogName: `ap-${suffix}` };
  const { page } = await stack.newPage();
  trackErrors(page);
  await register(page, blogger);
  const saved = await apiPost(page, (await userInfo(page)).form_key, '/svc/post/update', {
    channel_id: blogger.blogName,
    'post[type]': 'text',
    'post[state]': '0',
    'post[one]': 'A new look',
    'post[two]': '<p>Fresh paint.</p>',
  });

  await page.goto(`/settings/blog/${blogger.blogName}`);
  const form = page.getByRole('form', { name: 'Edit appearance' });
  await form.getByLabel('Title colour', { exact: true }).fill('#B03A2E');
  await form.getByLabel('Font', { exact: true }).selectOption('Georgia');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

  // The drawer, opened from her post on the dashboard as a reader opens it.
  await page.goto('/dashboard');
  const post = page.locator(`article.post[data-post-id="${saved.post.id}"]`);
  await post.getByRole('link', { name: blogger.blogName, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `${blogger.blogName} (blog viewer)` });
  const title = drawer.locator('.blog-card__title');
  await title.waitFor();
  const look = await title.evaluate((heading) => ({
    colour: getComputedStyle(heading.querySelector('a')).color,
    font: getComputedStyle(heading).fontFamily,
  }));
  assert.equal(look.colour, 'rgb(176, 58, 46)');
  assert.match(look.font, /^Georgia/);
  assert.deepEqual(page.errors, []);
});
