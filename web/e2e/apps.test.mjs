// End-to-end: apps (docs/api.md "Apps: posting from a program", spec 002 §7
// remove_app_attribution). A user makes an app in Settings and copies its token; a program
// (this test, with no cookie or form key) posts with it; the dashboard shows 'Posted with …'
// under the post, and the owner's Remove takes it away in place. Revoked in Settings, the
// token stops working.
//
//   npm run build && node --test e2e/apps.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { register, startStack, text, uniqueSuffix } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

/** A program's save with the app's token: what `curl -H 'Authorization: Bearer …'` sends. */
async function postAsApp(token, form) {
  return fetch(`${stack.baseURL}/svc/post/update`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
}

test('an app made in Settings posts with attribution, which its owner removes', async (t) => {
  const suffix = uniqueSuffix();
  const user = { email: `app-${suffix}@example.com`, password: 'correct-horse-battery', blogName: `app-${suffix}` };
  const { page } = await stack.newPage();
  await register(page, user);
  let token;
  let postId;

  await t.test('Settings makes an app and shows its token once', async () => {
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'Make an app token' });
    await form.getByLabel('App name').fill('Feed importer');
    const made = page.waitForResponse((res) => res.url().endsWith('/svc/user/apps/create'));
    await form.getByRole('button', { name: 'Make a token' }).click();
    assert.equal((await made).status(), 200);
    const field = page.getByLabel('Token for Feed importer');
    token = await field.inputValue();
    assert.match(token, /^dwapp_[0-9a-f]{64}$/);
    await page.getByText('Copy this token now: it will not be shown again.').waitFor();
    const listed = page.getByRole('list', { name: 'Apps' }).getByRole('listitem', { name: 'Feed importer' });
    assert.match(await text(listed), /Never used/);
  });

  await t.test('a program posts with the token; the dashboard says which app', async () => {
    const res = await postAsApp(token, {
      channel_id: user.blogName,
      'post[type]': 'text',
      'post[one]': 'From the feed',
      'post[two]': 'Imported overnight.',
    });
    assert.equal(res.status, 200, await res.clone().text());
    postId = (await res.json()).response.post.id;
    await page.goto('/dashboard');
    const post = page.locator(`article[data-post-id="${postId}"]`);
    await post.getByText('Posted with Feed importer').waitFor();
  });

  await t.test('Remove takes the attribution off in place', async () => {
    const post = page.locator(`article[data-post-id="${postId}"]`);
    const removed = page.waitForResponse((res) => res.url().endsWith('/svc/post/remove_app_attribution'));
    await post.getByRole('button', { name: 'Remove' }).click();
    assert.equal((await removed).status(), 200);
    await post.getByText('Posted with Feed importer').waitFor({ state: 'detached' });
    assert.match(await text(post), /From the feed/, 'the post itself stays');
    await page.reload();
    await page.locator(`article[data-post-id="${postId}"]`).getByText('From the feed').first().waitFor();
    assert.equal(await page.getByText('Posted with Feed importer').count(), 0, 'gone for good');
  });

  await t.test('revoked in Settings, the token stops working', async () => {
    await page.goto('/settings');
    const listed = page.getByRole('list', { name: 'Apps' }).getByRole('listitem', { name: 'Feed importer' });
    assert.match(await text(listed), /Last used/, 'the program’s post was a use');
    await listed.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('alertdialog');
    const revoked = page.waitForResponse((res) => res.url().endsWith('/svc/user/apps/revoke'));
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    assert.equal((await revoked).status(), 200);
    await page.getByText('No apps yet.').waitFor();
    const res = await postAsApp(token, { channel_id: user.blogName, 'post[type]': 'text', 'post[one]': 'Too late' });
    assert.equal(res.status, 401);
    assert.equal((await res.json()).errors[0].code, 'bad_app_token');
    assert.deepEqual(page.errors, []);
  });
});
