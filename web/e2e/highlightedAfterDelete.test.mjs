// End-to-end: the blog card's highlighted posts (GET /svc/{blog}/posts/highlighted, the
// blog's newest) follow the owner's own deletes. She deletes her newest post from its own
// page: the card beside it reads its highlighted posts again and stops linking to it, with no
// reload or other page in between.
//
//   npm run build && node --test e2e/highlightedAfterDelete.test.mjs
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

test("deleting the newest post from its page takes it out of the card's highlighted posts", async () => {
  const suffix = uniqueSuffix();
  const author = { email: `hd-${suffix}@example.com`, password: 'correct-horse-battery', blogName: `hd-${suffix}` };
  const { page } = await stack.newPage();
  trackErrors(page);
  await register(page, author);
  const formKey = (await userInfo(page)).form_key;
  const publish = async (title) =>
    (
      await apiPost(page, formKey, '/svc/post/update', {
        channel_id: author.blogName,
        'post[type]': 'text',
        'post[state]': '0',
        'post[one]': title,
        'post[two]': `<p>${title}, in a few words.</p>`,
      })
    ).post.id;
  await publish('Harbour at noon');
  await publish('Gulls over the pier');
  const newest = await publish('Fog on the water');

  await page.goto(`/blog/${author.blogName}/post/${newest}`);
  const highlighted = page.getByRole('region', { name: 'Highlighted posts' });
  const newestLink = highlighted.locator(`a[href$="/post/${newest}"]`);
  await newestLink.first().waitFor();

  const post = page.locator(`article[data-post-id="${newest}"]`);
  await post.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await newestLink.first().waitFor({ state: 'detached' });
  assert.ok((await highlighted.locator('a[href*="/post/"]').count()) >= 2, 'the older posts stay highlighted');
});
