// End-to-end: what the page does after the composer saves (spec 001 §4 After save), all
// without a reload: the account popover's counts of the blog follow each save, and a post
// published from the dashboard appears at the top of its list. Also: Escape closes the
// composer and returns to the page it was opened over.
//
//   npm run build && DASHWIRE_BIN=... node --test e2e/composerAfterSave.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { composer, register, saveWith, startStack, text, uniqueSuffix, userInfo } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

const dashboard = (page) => page.getByRole('feed', { name: 'Your dashboard' });

/** Opens a new text post with the dashboard's button: in the app, no page load. */
async function openNewText(page) {
  await page.getByRole('navigation', { name: 'New post' }).getByRole('link', { name: 'New text post' }).click();
  await composer(page).waitFor();
}

/** Opens the account popover and returns the blog menu's items, each label with its count ('Posts2'). */
async function blogMenu(page, blogName) {
  await page.getByRole('button', { name: 'Account' }).click();
  const menu = page.getByRole('dialog', { name: 'Account' }).getByRole('list', { name: `${blogName} menu` });
  await menu.waitFor();
  const labels = [];
  for (const link of await menu.getByRole('link').all()) labels.push(await text(link));
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Account' }).waitFor({ state: 'detached' });
  return labels;
}

test('after a save: counts, the dashboard, and Escape', async (t) => {
  const suffix = uniqueSuffix();
  const a = { email: `as-${suffix}@example.com`, password: 'correct-horse-battery', blogName: `as-${suffix}` };
  const { page } = await stack.newPage();
  await register(page, a);
  // Seen the tour guide, so the account tab opens the menu at once.
  const { form_key } = await userInfo(page);
  const seen = await page.request.post('/svc/post/set_seen_atg', { form: { form_key } });
  assert.equal(seen.status(), 200, await seen.text());
  // One post on the dashboard before the composer adds its own.
  const first = await page.request.post('/svc/post/update', {
    form: { form_key, channel_id: a.blogName, 'post[state]': '0', 'post[type]': 'text', 'post[one]': 'The first post' },
  });
  assert.equal(first.status(), 200, await first.text());
  const firstId = (await first.json()).response.post.id;

  await page.goto('/dashboard');
  await dashboard(page).locator(`article[data-post-id="${firstId}"]`).waitFor();
  // Gone if the page loads again: every check below happens in this one page load.
  await page.evaluate(() => {
    window.__sameLoad = true;
  });

  await t.test('the account popover starts with one post and no drafts', async () => {
    assert.deepEqual(await blogMenu(page, a.blogName), ['Posts1', 'Reach', 'Followers', 'Analytics', 'Edit appearance']);
  });

  await t.test('a post published from the dashboard goes to the top of its list', async () => {
    await openNewText(page);
    assert.equal(new URL(page.url()).pathname, '/new/text');
    await composer(page).getByRole('textbox', { name: 'Title' }).fill('Straight to the top');
    const answer = await saveWith(page, 'Post');
    assert.equal(new URL(page.url()).pathname, '/dashboard');
    const articles = dashboard(page).getByRole('article');
    await dashboard(page).locator(`article[data-post-id="${answer.post.id}"]`).waitFor();
    assert.deepEqual(
      await articles.evaluateAll((list) => list.map((a) => Number(a.getAttribute('data-post-id')))),
      [answer.post.id, firstId],
    );
    assert.match(await text(articles.first()), /Straight to the top/);
  });

  await t.test('the Posts count follows the save', async () => {
    assert.deepEqual(await blogMenu(page, a.blogName), ['Posts2', 'Reach', 'Followers', 'Analytics', 'Edit appearance']);
  });

  await t.test('a saved draft brings the Drafts item, and stays off the dashboard', async () => {
    await openNewText(page);
    await composer(page).getByRole('textbox', { name: 'Title' }).fill('Not yet');
    await composer(page).getByRole('button', { name: 'Save options' }).click();
    await page.getByRole('menuitemradio', { name: 'Save as draft' }).click();
    const answer = await saveWith(page, 'Save draft');
    assert.equal(answer.post.state, 'draft');
    assert.equal(answer.context_tumblelog.draft_count, 1);
    assert.deepEqual(await blogMenu(page, a.blogName), ['Posts2', 'Reach', 'Followers', 'Drafts', 'Analytics', 'Edit appearance']);
    assert.equal(await dashboard(page).locator(`article[data-post-id="${answer.post.id}"]`).count(), 0);
  });

  await t.test('Escape closes the composer and returns to the dashboard', async () => {
    await openNewText(page);
    await composer(page).getByRole('textbox', { name: 'Title' }).waitFor();
    await page.keyboard.press('Escape');
    await composer(page).waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).pathname, '/dashboard');
  });

  await t.test('all in one page load, with no script errors', async () => {
    assert.equal(await page.evaluate(() => window.__sameLoad), true);
    assert.deepEqual(page.errors, []);
  });
});
