// End-to-end: a blog's analytics (docs/api.md "Analytics"; spec 000 §2.1). The server starts
// with the demo world (`--demo`), where bob, carol and dave have reblogged, liked and replied
// to alice's posts. Alice logs in, opens /blog/alice/analytics and sees the totals, the charts
// drawn on canvases (uPlot), and her most noted posts; the switch reads 90 days. The first
// visit's help popover, under the page's header, is dismissed with its button and stays
// dismissed. Bob's analytics are hers to see only if the blog is hers: it is not. An
// administrator takes alice's Analytics away from her blog's card (and gives it back): her
// page says so and her account menu drops the item meanwhile.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { register, startStack, text, WEB_DIR } from './support.mjs';

let stack;

/** The demo password, read where the server keeps it (src/demo/mod.rs DEMO_PASSWORD). */
async function demoPassword() {
  const source = await readFile(path.resolve(WEB_DIR, '..', 'src', 'demo', 'mod.rs'), 'utf8');
  const found = source.match(/DEMO_PASSWORD: &str = "([^"]+)"/);
  assert.ok(found, 'DEMO_PASSWORD not found in src/demo/mod.rs');
  return found[1];
}

before(async () => {
  stack = await startStack({ serverArgs: ['--demo'] });
});

after(async () => {
  await stack?.stop();
});

test("alice's analytics: totals, charts and most noted posts, over 30 and 90 days", async (t) => {
  const { page } = await stack.newPage();
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill('alice@example.com');
  await form.getByLabel('Password').fill(await demoPassword());
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/dashboard');

  const answers = [];
  page.on('response', (res) => {
    if (res.url().includes('/svc/blog/analytics')) answers.push(new URL(res.url()).searchParams.get('days'));
  });

  await t.test("the owner's seven page tabs, Analytics among them, sit in one row of the column", async () => {
    await page.goto('/blog/alice');
    const tabs = page.getByRole('navigation', { name: 'alice pages' });
    await tabs.getByRole('link', { name: 'Queue' }).waitFor();
    assert.equal(await tabs.getByRole('link').count(), 7);
    const tops = await tabs.getByRole('link').evaluateAll((links) => links.map((a) => a.getBoundingClientRect().top));
    assert.equal(new Set(tops).size, 1, `tabs on ${new Set(tops).size} rows`);
    const row = await tabs.evaluate((nav) => [nav.scrollWidth, nav.clientWidth]);
    assert.ok(row[0] <= row[1], `tabs ${row[0]} px wide in ${row[1]} px`);
  });

  await t.test('the first visit shows a help popover; OK dismisses it for good', async () => {
    await page.goto('/blog/alice/analytics');
    const help = page.getByRole('dialog', { name: 'Your figures, day by day' });
    await help.waitFor();
    // It points from 10 px below the page's header, centred on it (AnalyticsTip's anchor).
    const box = await help.boundingBox();
    const header = await page.locator('.analytics-page__header').boundingBox();
    assert.ok(box && header, 'no help popover or header box');
    assert.ok(Math.abs(box.y - (header.y + header.height + 10)) <= 1, `help popover at y ${box.y}`);
    assert.ok(Math.abs(box.x + box.width / 2 - (header.x + header.width / 2)) <= 1, `help popover at x ${box.x}`);
    await help.getByRole('button', { name: 'Got it' }).click();
    await help.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Most noted posts' }).waitFor();
    assert.equal(await help.count(), 0);
  });

  await t.test('the page draws its charts and lists the most noted posts', async () => {
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    const noted = page.getByRole('list', { name: 'Most noted posts' });
    await noted.waitFor();
    assert.ok((await noted.getByRole('listitem').count()) > 0, 'no most noted posts');
    const first = noted.getByRole('link').first();
    assert.match((await first.getAttribute('href')) ?? '', /^\/blog\/alice\/post\/\d+/);
    // uPlot draws each chart on a canvas; the figures are also in a table for screen readers.
    await page.locator('.daily-chart canvas').first().waitFor();
    assert.equal(await page.locator('.daily-chart canvas').count() >= 3, true);
    assert.equal(await page.getByRole('table', { name: 'Notes per day, per day', includeHidden: true }).locator('tbody tr').count(), 30);
    const totals = page.getByLabel('Totals');
    assert.match(await text(totals), /Notes\s*\d+/);
    assert.notEqual(await text(totals.locator('dd').first()), '0');
  });

  await t.test('the switch reads 90 days', async () => {
    await page.getByRole('button', { name: '90 days' }).click();
    await page.getByText('the last 90 days').waitFor();
    await page.getByRole('list', { name: 'Most noted posts' }).waitFor();
    await page.locator('.daily-chart canvas').first().waitFor();
    assert.equal(await page.getByRole('table', { name: 'Notes per day, per day', includeHidden: true }).locator('tbody tr').count(), 90);
    assert.equal(await page.getByRole('button', { name: '90 days' }).getAttribute('aria-pressed'), 'true');
    assert.deepEqual(answers.slice(-2), ['30', '90']);
  });

  await t.test("someone else's blog says only its owner can see its analytics", async () => {
    await page.goto('/blog/bob/analytics');
    await page.getByText("Only the blog's owner can see its analytics.").waitFor();
  });

  await t.test('an administrator takes Analytics away, and gives it back', async () => {
    const suffix = Date.now().toString(36);
    const moderator = { email: `am-${suffix}@example.com`, password: 'correct-horse-battery', blogName: `am-${suffix}` };
    const { page: modPage } = await stack.newPage();
    await register(modPage, moderator);
    await stack.makeAdmin(moderator.email);
    const grant = async () => {
      await modPage.goto('/blog/alice');
      await modPage.getByRole('button', { name: 'About alice' }).first().click();
      const menu = modPage.getByRole('dialog', { name: 'About alice' });
      const box = menu.getByRole('checkbox', { name: 'Grant Analytics' });
      const was = await box.isChecked();
      const answered = modPage.waitForResponse((res) => res.url().endsWith('/premium_partner/toggle'));
      await box.click();
      assert.equal((await answered).status(), 200);
      await menu.getByRole('checkbox', { name: 'Grant Analytics', checked: !was }).waitFor();
      await modPage.keyboard.press('Escape');
      return !was;
    };
    assert.equal(await grant(), false, 'every blog starts with Analytics');
    await page.goto('/blog/alice/analytics');
    await page.getByText('Analytics are not turned on for this blog.').waitFor();
    await page.getByRole('button', { name: 'Account' }).click();
    const aliceMenu = page.getByRole('dialog', { name: 'Account' }).getByRole('list', { name: 'alice menu' });
    await aliceMenu.getByRole('link', { name: 'Edit appearance' }).waitFor();
    assert.equal(await aliceMenu.getByRole('link', { name: 'Analytics' }).count(), 0);
    assert.equal(await aliceMenu.getByRole('link', { name: 'Reach' }).count(), 1, 'Reach is its own');
    await page.keyboard.press('Escape');
    assert.equal(await grant(), true);
    await page.goto('/blog/alice/analytics');
    await page.getByRole('list', { name: 'Most noted posts' }).waitFor();
    assert.deepEqual(modPage.errors, []);
  });

  await t.test('no script errors', () => {
    assert.deepEqual(page.errors, []);
  });
});
