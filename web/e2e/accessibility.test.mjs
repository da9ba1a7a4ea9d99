// End-to-end: accessibility in a real browser (issue 35). The server starts with the demo
// world (`--demo`), so every page has real content: posts of each type, notes, messages.
// Alice logs in; axe (@axe-core/playwright, the WCAG 2 A and AA rules and the best practices)
// checks every page she can reach at desktop width and at phone width — the dashboard, her
// blog, the composer of each post type, messaging, activity, search, the archive, likes,
// settings, appearance, analytics, help, a group blog's members page (hers, as its admin), the
// blog viewer drawer and the phone's menu — and finds no serious or critical violation. A
// failure names each rule, its impact, the elements (CSS selectors) and axe's help, so it says
// what to fix.
//
//   npm run build && DASHWIRE_BIN=../target/debug/dashwire node --test e2e/accessibility.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { headerTab, startStack } from './support.mjs';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
/** The rule sets axe runs: WCAG 2.0–2.2 levels A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

let stack;
/** Alice's logged-in cookies, for each width's browser context. */
let alice;

before(async () => {
  stack = await startStack({ serverArgs: ['--demo'] });
  // The server prints the demo login as it starts (src/main.rs).
  const login = /dashwire: demo (?:login: |world ready; log in as )(\S+) \/ (\S+)/.exec(stack.serverLog());
  assert.ok(login, `no demo login in the server's log:\n${stack.serverLog()}`);
  const { context, page } = await stack.newPage();
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(login[1]);
  await form.getByLabel('Password').fill(login[2]);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/dashboard');
  alice = await context.storageState();
  await context.close();
});

after(async () => {
  await stack?.stop();
});

/**
 * Waits for the page to be still: its loaders gone, the network quiet and its finite
 * animations (a drawer sliding in, a popover fading in) over, so that axe measures the
 * colours a reader sees and not a frame half-way through a fade.
 */
async function settled(page) {
  await page.locator('.page-loader, .bar-loader').first().waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** One violation, as a line a reader can act on. */
function describe(violation) {
  const where = violation.nodes.map((node) => {
    const html = node.html.length > 200 ? `${node.html.slice(0, 200)}…` : node.html;
    const summary = (node.failureSummary ?? '').replace(/\n/g, '\n        ');
    return `      ${node.target.join(' ')}\n        ${html}\n        ${summary}`;
  });
  return `  ${violation.id} (${violation.impact}, ${violation.nodes.length}): ${violation.help}\n    ${violation.helpUrl}\n${where.join('\n')}`;
}

/** Runs axe over the page as it is now and asserts there is no serious or critical violation. */
async function assertAccessible(page, name) {
  await settled(page);
  const { violations } = await new AxeBuilder({ page })
    // Experimental in axe, so off unless named, but WCAG 2.5.3 (Label in Name) is level A.
    // (Before withTags: options() replaces the whole options object.)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(TAGS)
    .analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact));
  assert.equal(blocking.length, 0, `${name}: ${blocking.length} serious or critical axe rules fail:\n${blocking.map(describe).join('\n')}`);
  assert.deepEqual(page.errors, [], `${name}: script errors`);
}

/**
 * The members page of a group blog of alice's, as its admin sees it: bob invited and waiting,
 * so the invitations' list and its Withdraw show beside the invite form. Made the first time.
 */
async function groupMembersPath(page) {
  const group = 'alice-crew';
  const known = await page.request.get(`/svc/group/members?tumblelog=${group}`);
  if (known.status() === 404) {
    const formKey = (await (await page.request.get('/svc/user/info')).json()).response.form_key;
    for (const [path, form] of [
      ['/svc/group/create', { blog_name: group, title: 'Alice and friends' }],
      ['/svc/group/invite', { tumblelog: group, blog: 'bob' }],
    ]) {
      const res = await page.request.post(path, { form: { ...form, form_key: formKey } });
      assert.equal(res.status(), 200, `${path}: ${await res.text()}`);
    }
  }
  return `/blog/${group}/members`;
}

/** The link to `/reblog/{id}/{key}` of the first post on the page with `text` in it. */
async function reblogPath(page, text) {
  const post = page.locator('article.post', { hasText: text }).first();
  await post.waitFor();
  return post.getByRole('link', { name: 'Reblog', exact: true }).getAttribute('href');
}

/**
 * The pages both widths visit: a name, where to go, and what shows once it is there. The
 * composer opens over the dashboard; the eighth form is the answer's (a note post, which only
 * a reblog or an edit opens).
 */
const PAGES = [
  { name: 'dashboard', path: '/dashboard', ready: (page) => page.locator('article.post').first() },
  { name: 'blog page', path: '/blog/alice', ready: (page) => page.locator('article.post').first() },
  {
    name: 'post page',
    path: async (page) => {
      await page.goto('/blog/alice');
      return page.locator('article.post a[href^="/blog/alice/post/"]').first().getAttribute('href');
    },
    ready: (page) => page.locator('article.post').first(),
  },
  ...['text', 'photo', 'quote', 'link', 'chat', 'audio', 'video'].map((type) => ({
    name: `composer: new ${type}`,
    path: `/new/${type}`,
    ready: (page) => page.getByRole('dialog', { name: /post$/ }),
  })),
  {
    name: 'composer: reblog of a note',
    path: async (page) => {
      await page.goto('/blog/dave');
      return reblogPath(page, 'How often should I water a monstera?');
    },
    ready: (page) => page.getByRole('dialog', { name: /post$/ }),
  },
  { name: 'messaging page', path: '/messaging', ready: (page) => page.getByRole('list', { name: 'Conversations' }) },
  { name: 'activity page', path: '/activity', ready: (page) => page.locator('main').getByText(/liked your post/).first() },
  { name: 'search', path: '/search?q=bread', ready: (page) => page.locator('article.post').first() },
  { name: 'archive', path: '/blog/alice/archive', ready: (page) => page.locator('main a[href*="/post/"]').first() },
  { name: 'likes', path: '/likes', ready: (page) => page.locator('main').first() },
  { name: 'settings', path: '/settings', ready: (page) => page.locator('main form').first() },
  { name: 'appearance', path: '/settings/blog/alice', ready: (page) => page.locator('main form, main [role="form"]').first() },
  { name: 'analytics', path: '/blog/alice/analytics', ready: (page) => page.getByRole('list', { name: 'Most noted posts' }) },
  { name: 'help', path: '/help', ready: (page) => page.locator('main h1').first() },
  {
    name: "a group blog's members page, to its admin",
    path: groupMembersPath,
    ready: (page) => page.getByRole('list', { name: 'Invitations to alice-crew' }),
  },
];

for (const [width, options] of [
  ['desktop', {}],
  ['phone', PHONE],
]) {
  test(`axe at ${width} width: no serious or critical violations`, async (t) => {
    const { page } = await stack.newPage({ ...options, storageState: alice });

    for (const { name, path, ready } of PAGES) {
      await t.test(name, async () => {
        await page.goto(typeof path === 'string' ? path : await path(page));
        await ready(page).waitFor();
        await assertAccessible(page, `${width} ${name}`);
      });
    }

    await t.test('the blog viewer drawer', async () => {
      await page.goto('/dashboard');
      const post = page.locator('article.post', { hasText: 'What carol keeps talking about' }).first();
      await post.getByRole('link', { name: 'bob', exact: true }).first().click();
      const drawer = page.getByRole('dialog', { name: 'bob (blog viewer)' });
      await drawer.locator('article.post').first().waitFor();
      await assertAccessible(page, `${width} blog viewer drawer`);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
    });

    if (width === 'desktop') {
      await t.test('the activity popover', async () => {
        await page.goto('/dashboard');
        await headerTab(page, 'Activity').click();
        await page.getByRole('dialog', { name: 'Activity', exact: true }).getByText(/liked your post/).first().waitFor();
        await assertAccessible(page, 'desktop activity popover');
      });

      await t.test('the messaging popover and a conversation', async () => {
        await page.goto('/dashboard');
        await headerTab(page, 'Messages').click();
        const inbox = page.getByRole('dialog', { name: 'Messages', exact: true });
        const conversations = inbox.getByRole('list', { name: 'Conversations' });
        await conversations.getByRole('link').first().waitFor();
        await assertAccessible(page, 'desktop messaging popover');
        await conversations.getByRole('link', { name: /bob/ }).first().click();
        const conversation = page.getByRole('dialog', { name: 'Conversation with bob' });
        await conversation.getByRole('list', { name: 'Messages' }).getByRole('listitem').first().waitFor();
        await assertAccessible(page, 'desktop conversation popover');
      });
    } else {
      await t.test("the phone's menu", async () => {
        await page.goto('/dashboard');
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('dialog', { name: 'Menu' }).waitFor();
        await assertAccessible(page, 'phone menu');
      });
    }
  });
}

/** Whether the element focused now shows it: the :focus-visible ring, or a shadow for one. */
function focusShown(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || !el.matches(':focus-visible')) return false;
    const style = getComputedStyle(el);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) || style.boxShadow !== 'none';
  });
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, at most `max` times, and
 * asserts that the focus shows on it.
 */
async function tabTo(page, target, { max = 400, back = false } = {}) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      assert.ok(await focusShown(page), `no visible focus on ${target}`);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  assert.fail(`${target} not reached in ${max} Tabs`);
}

/** The name of the element focused now. */
const focusedName = (page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim());

test('by keyboard alone: the composer, a like, the blog viewer drawer, a header popover', async (t) => {
  const { page } = await stack.newPage({ storageState: alice });
  await page.goto('/dashboard');
  const newText = page.getByRole('navigation', { name: 'New post' }).getByRole('link', { name: 'New text post' });
  await newText.waitFor();

  await t.test('Tab reaches the new text post button; Enter opens the composer, Escape closes it', async () => {
    await tabTo(page, newText);
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'New text post' });
    await form.getByRole('textbox', { name: 'Title' }).waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).pathname, '/dashboard');
    // The focus goes back where it was, so the next Tab goes on from there.
    assert.equal(await focusedName(page), 'New text post');
  });

  const post = page.locator('article.post', { hasText: 'What carol keeps talking about' }).first();

  await t.test("Tab reaches a post's Like; Enter likes it and Space takes the like back", async () => {
    const like = post.getByRole('button', { name: /Like$/ });
    await tabTo(page, like);
    // One like call at a time (usePostNotes): the like's answer comes before the unlike.
    const liked = page.waitForResponse((res) => res.url().endsWith('/svc/like'));
    await page.keyboard.press('Enter');
    await post.locator('.post-footer__like[aria-pressed="true"]').waitFor();
    assert.equal((await liked).status(), 200);
    await (await liked).finished();
    // The page reads the answer after its body is in: a frame later the call is done.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    assert.equal(await focusedName(page), '♥ Like', 'the focus stays on Like');
    const unliked = page.waitForResponse((res) => res.url().endsWith('/svc/unlike'));
    await page.keyboard.press('Space');
    await post.locator('.post-footer__like[aria-pressed="false"]').waitFor();
    assert.equal((await unliked).status(), 200);
  });

  await t.test("Shift+Tab reaches the post's blog; Enter opens the blog viewer drawer, Escape closes it", async () => {
    const blog = post.getByRole('link', { name: 'bob', exact: true }).first();
    await tabTo(page, blog, { back: true });
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'bob (blog viewer)' });
    await drawer.locator('article.post').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/dashboard', 'the page stays under the drawer');
    assert.ok(await drawer.evaluate((el) => el.contains(document.activeElement)), 'the focus is in the drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    assert.equal(await focusedName(page), 'bob', 'the focus is back on the link that opened it');
  });

  await t.test('Tab reaches the Activity tab; Enter opens its popover, Escape closes it', async () => {
    const tab = headerTab(page, 'Activity');
    await tabTo(page, tab, { back: true });
    await page.keyboard.press('Enter');
    const popover = page.getByRole('dialog', { name: 'Activity', exact: true });
    await popover.getByText(/liked your post/).first().waitFor();
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    assert.equal(await tab.evaluate((el) => el === document.activeElement), true, 'the focus is back on the tab');
  });

  assert.deepEqual(page.errors, []);
});

test("by keyboard alone on a phone: the menu opens and Escape closes it", async () => {
  const { page } = await stack.newPage({ ...PHONE, storageState: alice });
  await page.goto('/dashboard');
  await page.locator('article.post').first().waitFor();
  const menu = page.getByRole('button', { name: /^Menu\b/ });
  await tabTo(page, menu);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('link', { name: 'Create a post' }).waitFor();
  await page.keyboard.press('Tab');
  assert.ok(await drawer.evaluate((el) => el.contains(document.activeElement)) || (await focusedName(page)) === 'Close menu', 'Tab stays with the menu');
  assert.ok(await focusShown(page), 'the focus shows in the menu');
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
  assert.deepEqual(page.errors, []);
});
