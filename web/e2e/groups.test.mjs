// End-to-end: group blogs (docs/api.md "Group blogs"). A makes a group blog from the new blog
// page and invites B's blog from its members page; B accepts from the activity popover, where
// the invitation arrived live, and A's open members page shows B join at once. B finds the
// group in the account menu and on its members page, posts to it from the composer's blog
// selector, and the post says "posted by" B's blog to the members (and not to a visitor).
// Last, A removes B, and B's open members page shows it.
//
//   npm run build && DASHWIRE_BIN=../target/debug/dashwire node --test e2e/groups.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { composer, headerTab, listening, register, saveWith, startStack, text, trackErrors, uniqueSuffix } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

/** The members list of the group's members page. */
const membersList = (page, group) => page.getByRole('list', { name: `${group} members` });
/** A member's row in it, by the blog they are known by. */
const memberRow = (page, group, name) =>
  membersList(page, group).getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });

test('group blogs: create, invite, accept live, post as a member, remove', async (t) => {
  const suffix = uniqueSuffix();
  const password = 'correct-horse-battery';
  const a = { email: `ga-${suffix}@example.com`, password, blogName: `ga-${suffix}` };
  const b = { email: `gb-${suffix}@example.com`, password, blogName: `gb-${suffix}` };
  const group = `gt-${suffix}`;
  const { page: pageA } = await stack.newPage();
  const { page: pageB } = await stack.newPage();
  trackErrors(pageA);
  trackErrors(pageB);
  await register(pageA, a);
  await register(pageB, b);

  await t.test('A makes a group blog from the new blog page', async () => {
    await pageA.goto('/new/blog');
    const form = pageA.getByRole('form', { name: 'Create a new blog' });
    await form.getByLabel('Blog name').fill(group);
    await form.getByLabel('Title (optional)').fill('The team');
    await form.getByRole('checkbox', { name: 'Group blog (others can write on it)' }).check();
    assert.equal(await form.getByLabel('Post in it as').inputValue(), a.blogName);
    const created = pageA.waitForResponse((res) => res.url().endsWith('/svc/group/create'));
    await form.getByRole('button', { name: 'Create group blog' }).click();
    assert.equal((await created).status(), 200);
    await pageA.waitForURL(`**/blog/${group}`);
  });

  await t.test("A's members page lists A alone, as its owner; A invites B's blog", async () => {
    await pageA.goto(`/blog/${group}/members`);
    const row = memberRow(pageA, group, a.blogName);
    await row.waitFor();
    assert.match(await text(row), new RegExp(`${a.blogName} · admin · owner · you`));
    const form = pageA.getByRole('form', { name: `Invite a blog to ${group}` });
    // A blog that is not there is refused, and says so.
    await form.getByLabel('Blog name').fill(`nobody-${suffix}`);
    await form.getByRole('button', { name: 'Invite' }).click();
    await form.getByRole('alert').getByText(`There's no blog named 'nobody-${suffix}'.`).waitFor();
    await form.getByLabel('Blog name').fill(b.blogName);
    await form.getByRole('button', { name: 'Invite' }).click();
    await form.getByRole('status').getByText(`Invited ${b.blogName}.`).waitFor();
    const invites = pageA.getByRole('list', { name: `Invitations to ${group}` });
    await invites.getByRole('link', { name: b.blogName, exact: true }).waitFor();
    await listening(pageA, `members:${group}`);
  });

  await t.test('B accepts from the activity popover; A sees B join, live', async () => {
    await pageB.goto('/dashboard');
    await headerTab(pageB, 'Activity').click();
    const activity = pageB.getByRole('dialog', { name: 'Activity', exact: true });
    const invite = activity.getByRole('listitem').filter({ hasText: 'invited you to join' });
    await invite.waitFor();
    assert.match(await text(invite), new RegExp(`${group} invited you to join`));
    const respond = pageB.waitForResponse((res) => res.url().endsWith('/svc/group/respond'));
    await invite.getByRole('button', { name: `Accept the invitation to ${group}` }).click();
    assert.equal((await respond).status(), 200);
    await invite.getByRole('status').getByText('Joined').waitFor();

    // No reload on A's side: the members event reads the list again.
    const row = memberRow(pageA, group, b.blogName);
    await row.waitFor();
    assert.match(await text(row), new RegExp(`${b.blogName} · member`));
    await pageA.getByRole('list', { name: `Invitations to ${group}` }).waitFor({ state: 'detached' });
    await pageB.keyboard.press('Escape');
  });

  await t.test("B finds the group in the account menu and on its members page", async () => {
    await headerTab(pageB, 'Account').click();
    const account = pageB.getByRole('dialog', { name: 'Account' });
    const row = account.locator(`li[data-blog="${group}"]`);
    await row.waitFor();
    assert.match(await text(row), /Group blog · member/);
    assert.equal(await row.getByRole('button', { name: new RegExp(`Move ${group}`) }).count(), 0, 'not B\'s to reorder');
    await row.getByRole('button', { name: `Details for ${group}` }).click();
    const members = account.getByRole('list', { name: `${group} menu` }).getByRole('link', { name: 'Members' });
    await members.click();
    await pageB.waitForURL(`**/blog/${group}/members`);
    const you = memberRow(pageB, group, b.blogName);
    await you.waitFor();
    assert.match(await text(you), new RegExp(`${b.blogName} · member · you`));
    assert.equal(await pageB.getByRole('button', { name: /^Remove / }).count(), 0, 'a member has no controls');
    await pageB.getByRole('button', { name: 'Leave group' }).waitFor();
  });

  await t.test('B posts to the group from the composer; its members see it posted by B', async () => {
    await pageB.goto('/new/text');
    await composer(pageB).getByRole('button', { name: `Blog: ${b.blogName}` }).click();
    await composer(pageB).getByRole('option', { name: new RegExp(group) }).click();
    await composer(pageB).getByRole('button', { name: `Blog: ${group}` }).waitFor();
    await composer(pageB).getByRole('textbox', { name: 'Title' }).fill('Written by a member');
    const answer = await saveWith(pageB, 'Post');
    assert.equal(answer.post.tumblelog, group);
    assert.equal(answer.post.posted_by, b.blogName);

    for (const page of [pageB, pageA]) {
      await page.goto(`/blog/${group}`);
      const header = page.locator('article.post', { hasText: 'Written by a member' }).locator('header');
      await header.waitFor();
      assert.match(await text(header), new RegExp(`${group} posted by ${b.blogName}`));
      assert.equal(await header.getByRole('link', { name: b.blogName, exact: true }).getAttribute('href'), `/blog/${b.blogName}`);
    }
    // A visitor is not told who wrote it.
    const { page: visitor } = await stack.newPage();
    await visitor.goto(`/blog/${group}`);
    const header = visitor.locator('article.post', { hasText: 'Written by a member' }).locator('header');
    await header.waitFor();
    assert.doesNotMatch(await text(header), /posted by/);
    await visitor.context().close();
  });

  await t.test('A removes B; B, on the members page, sees it', async () => {
    await pageB.goto(`/blog/${group}/members`);
    await pageB.getByRole('button', { name: 'Leave group' }).waitFor();
    await listening(pageB, `members:${group}`);
    await pageA.goto(`/blog/${group}/members`);
    await memberRow(pageA, group, b.blogName).getByRole('button', { name: `Remove ${b.blogName}` }).click();
    const confirm = pageA.getByRole('alertdialog');
    await confirm.getByText(`Remove ${b.blogName} from ${group}?`).waitFor();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await memberRow(pageA, group, b.blogName).waitFor({ state: 'detached' });
    assert.equal(await membersList(pageA, group).getByRole('listitem').count(), 1);

    await memberRow(pageB, group, b.blogName).waitFor({ state: 'detached' });
    await pageB.getByRole('button', { name: 'Leave group' }).waitFor({ state: 'detached' });
    // The user model was read again: the group is gone from B's account menu.
    await headerTab(pageB, 'Account').click();
    await pageB.getByRole('dialog', { name: 'Account' }).locator(`li[data-blog="${b.blogName}"]`).waitFor();
    assert.equal(await pageB.getByRole('dialog', { name: 'Account' }).locator(`li[data-blog="${group}"]`).count(), 0);
  });

  assert.deepEqual(pageA.errors, []);
  assert.deepEqual(pageB.errors, []);
});
