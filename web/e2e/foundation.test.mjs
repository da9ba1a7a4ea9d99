// End-to-end: the real server (built binary) and the built app in Debian's Chromium.
//
//   npm run build && npm run e2e
//
// Start-up and shared steps are in support.mjs.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { register, startStack, text, uniqueSuffix, userInfo } from './support.mjs';

let stack;
/** A new browser context (its own cookies) with a page that fails the test on page errors. */
const newPage = () => stack.newPage();

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

test('foundation: accounts, account popover, tour, blogs, order, follow, log out', async (t) => {
  const suffix = uniqueSuffix();
  const password = 'correct-horse-battery';
  const a = { email: `a-${suffix}@example.com`, password, blogName: `a-${suffix}` };
  const b = { email: `b-${suffix}@example.com`, password, blogName: `b-${suffix}` };
  const aSecond = `a2-${suffix}`;

  const { page } = await newPage();
  const { page: pageB } = await newPage();

  await t.test('user A registers in the browser and lands on the dashboard', async () => {
    await register(page, a);
    const info = await userInfo(page);
    assert.equal(info.name, a.blogName);
    assert.equal(info.seen_atg, false);
    await page.getByRole('heading', { name: 'Blogs to explore' }).waitFor();
    await page.getByRole('button', { name: `Acting as: ${a.blogName}` }).waitFor();
  });

  await t.test('user B registers in a second browser context', async () => {
    await register(pageB, b);
    assert.equal((await userInfo(pageB)).name, b.blogName);
    assert.equal((await userInfo(page)).name, a.blogName, 'A is still logged in in its own context');
  });

  await t.test('the account tab opens the tour guide, which A passes through both steps', async () => {
    await page.getByRole('button', { name: 'Account' }).click();
    const tour = page.getByRole('dialog', { name: "Don't freak out. Your things are right here." });
    await tour.waitFor();
    await tour.getByText('Your blog info, account info, and recent activity are in these menus.').waitFor();
    await tour.getByRole('button', { name: 'Okay, phew' }).waitFor();
    await tour.getByRole('button', { name: 'Wait, why?' }).click();
    const step2 = page.getByRole('dialog', { name: 'Why?' });
    await step2
      .getByText("It's so you never have to scroll to the top of the dashboard to access this stuff.")
      .waitFor();
    await step2.getByRole('button', { name: 'Ohhh' }).click();
    await step2.waitFor({ state: 'detached' });
    // Sent as seen when it opened.
    assert.equal((await userInfo(page)).seen_atg, true);
  });

  await t.test('the account popover lists the spec items', async () => {
    const popover = page.getByRole('dialog', { name: 'Account' });
    await popover.waitFor();
    await popover.getByRole('heading', { name: 'Account' }).waitFor();
    await popover.getByRole('link', { name: 'Log out' }).waitFor();
    // Likes and Following show no count at 0.
    assert.equal(await text(popover.getByRole('link', { name: /^Likes/ })), 'Likes');
    assert.equal(await text(popover.getByRole('link', { name: /^Following/ })), 'Following');
    await popover.getByRole('link', { name: 'Settings', exact: true }).waitFor();
    await popover.getByRole('link', { name: 'Help', exact: true }).waitFor();
    await popover.getByRole('heading', { name: 'Blogs' }).waitFor();
    await popover.getByRole('link', { name: 'New', exact: true }).waitFor();

    const rows = popover.getByRole('list', { name: 'Blogs' }).getByRole('listitem').filter({
      has: page.getByRole('button', { name: /^Details for / }),
    });
    assert.equal(await rows.count(), 1);
    const first = rows.first();
    assert.match(await text(first), new RegExp(a.blogName));
    const details = first.getByRole('button', { name: `Details for ${a.blogName}` });
    assert.equal(await details.getAttribute('aria-expanded'), 'true', 'the current blog opens at once');
    const subMenu = popover.getByRole('list', { name: `${a.blogName} menu` });
    await subMenu.getByRole('link', { name: 'Posts' }).waitFor();
    await subMenu.getByRole('link', { name: 'Followers' }).waitFor();
    await subMenu.getByRole('link', { name: 'Edit appearance' }).waitFor();
    assert.equal(
      await subMenu.getByRole('link', { name: 'Edit appearance' }).getAttribute('href'),
      `/settings/blog/${a.blogName}`,
    );
    // The current blog cannot be closed before the user reorders.
    assert.equal(await details.getAttribute('aria-disabled'), 'true');
    await details.click({ force: true });
    assert.equal(await details.getAttribute('aria-expanded'), 'true');

    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
  });

  await t.test('A creates a second blog at /new/blog', async () => {
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('link', { name: 'New', exact: true }).click();
    await page.waitForURL('**/new/blog');
    const form = page.getByRole('form', { name: 'Create a new blog' });
    // A server error is shown under the form: the name is taken by B.
    await form.getByLabel('Blog name').fill(b.blogName);
    await form.getByRole('button', { name: 'Create blog' }).click();
    await form.getByRole('alert').waitFor();
    await form.getByLabel('Blog name').fill(aSecond);
    await form.getByLabel('Title (optional)').fill('The second one');
    await form.getByRole('button', { name: 'Create blog' }).click();
    await page.waitForURL(`**/blog/${aSecond}`);
    await page.getByRole('heading', { name: 'The second one', level: 1 }).waitFor();
    const names = (await userInfo(page)).channels.map((c) => c.name);
    assert.deepEqual(names, [a.blogName, aSecond]);
  });

  await t.test('A reorders the two blogs on /settings and the order is saved', async () => {
    await page.goto('/settings');
    const list = page.getByRole('list', { name: 'Your blogs' });
    await list.getByRole('link', { name: aSecond }).waitFor();
    const orderPosted = page.waitForRequest((req) => req.url().endsWith('/order') && req.method() === 'POST');
    await page.getByRole('button', { name: `Move ${aSecond} up` }).click();
    const request = await orderPosted;
    const body = new URLSearchParams(request.postData() ?? '');
    assert.deepEqual(JSON.parse(body.get('channel_names')), [aSecond, a.blogName]);
    assert.ok(body.get('form_key'), 'the form key is sent');
    await (await request.response()).finished();

    assert.deepEqual(
      (await userInfo(page)).channels.map((c) => c.name),
      [aSecond, a.blogName],
    );
    await page.reload();
    const items = page.getByRole('list', { name: 'Your blogs' }).getByRole('listitem');
    await items.first().waitFor();
    assert.match(await text(items.nth(0)), new RegExp(`^${aSecond}`));
    assert.match(await text(items.nth(1)), new RegExp(`^${a.blogName}`));
  });

  await t.test('A follows B on /blog/B, and the follower count rises', async () => {
    await page.goto(`/blog/${b.blogName}`);
    const count = page.getByTestId('blog-follower-count');
    await count.waitFor();
    assert.equal(await text(count), '0 followers');
    const card = page.getByRole('article', { name: b.blogName });
    // The card turns to Unfollow at once (optimistically); the server's count is read once the
    // follow has been answered.
    const followed = page.waitForResponse((res) => res.url().endsWith('/svc/follow'));
    await card.getByRole('button', { name: 'Follow', exact: true }).click();
    await card.getByRole('button', { name: 'Unfollow' }).waitFor();
    assert.equal((await followed).status(), 200);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="blog-follower-count"]')?.textContent === '1 follower',
    );
    const info = await userInfo(page);
    assert.equal(info.friend_count, 1);
    // The info popover shows the name and the follower count too.
    await card.getByRole('button', { name: `About ${b.blogName}` }).click();
    const about = page.getByRole('dialog', { name: `About ${b.blogName}` });
    assert.match(await text(about), /1 follower/);
    await page.keyboard.press('Escape');
  });

  await t.test('A unfollows B after confirming', async () => {
    const card = page.getByRole('article', { name: b.blogName });
    await card.getByRole('button', { name: 'Unfollow' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Are you sure you want to unfollow ${b.blogName}?`).waitFor();
    // Nevermind keeps following.
    await confirm.getByRole('button', { name: 'Nevermind' }).click();
    await confirm.waitFor({ state: 'detached' });
    assert.equal((await userInfo(page)).friend_count, 1);
    await card.getByRole('button', { name: 'Unfollow' }).click();
    const unfollowed = page.waitForResponse((res) => res.url().endsWith('/svc/unfollow'));
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ok', exact: true }).click();
    await card.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    assert.equal((await unfollowed).status(), 200);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="blog-follower-count"]')?.textContent === '0 followers',
    );
    assert.equal((await userInfo(page)).friend_count, 0);
  });

  await t.test('A logs out after the confirmation and lands on /login', async () => {
    await page.getByRole('button', { name: 'Account' }).click();
    const popover = page.getByRole('dialog', { name: 'Account' });
    await popover.getByRole('link', { name: 'Log out' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to log out?').waitFor();
    await confirm.getByRole('button', { name: 'OK', exact: true }).click();
    await page.waitForURL('**/login');
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    assert.equal((await userInfo(page)).name, undefined, 'a visitor now');
  });

  await t.test('a visitor is sent from a logged-in page to /login', async () => {
    await page.goto('/settings');
    await page.waitForURL(/\/login\?redirect_to=%2Fsettings$/);
  });

  await t.test("the mobile splash's /register?from_splash=1 opens registration", async () => {
    await page.goto('/register?from_splash=1');
    await page.waitForURL(/\/login\?mode=register$/);
    await page.getByRole('form', { name: 'Sign up' }).waitFor();
  });

  await t.test('A logs back in with the login form and sees the account tab', async () => {
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(a.email);
    await form.getByLabel('Password').fill('wrong-password');
    await form.getByRole('button', { name: 'Log in' }).click();
    await form.getByRole('alert').waitFor();
    await form.getByLabel('Password').fill(a.password);
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Account' }).waitFor();
    // The tour was seen: opening the account tab shows the popover without it.
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('dialog', { name: 'Account' }).waitFor();
    assert.equal(await page.getByRole('dialog', { name: /Don't freak out/ }).count(), 0);
  });

  await t.test('a visitor pressing follow logs in at /follow/{name} and comes back following', async () => {
    const { page: visitor } = await newPage();
    await visitor.goto(`/blog/${a.blogName}`);
    const card = visitor.getByRole('article', { name: a.blogName });
    await card.getByRole('button', { name: 'Follow', exact: true }).click();
    await visitor.waitForURL(`**/follow/${a.blogName}`);
    await visitor.getByText(`Log in or sign up to follow ${a.blogName}.`).waitFor();
    const form = visitor.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(b.email);
    await form.getByLabel('Password').fill(b.password);
    await form.getByRole('button', { name: 'Log in' }).click();
    await visitor.waitForURL(`**/blog/${a.blogName}`);
    await visitor.getByRole('article', { name: a.blogName }).getByRole('button', { name: 'Unfollow' }).waitFor();
    assert.equal((await userInfo(visitor)).friend_count, 1);
    assert.deepEqual(visitor.errors, []);
  });

  await t.test('no script errors in either page', () => {
    assert.deepEqual(page.errors, []);
    assert.deepEqual(pageB.errors, []);
  });
});
