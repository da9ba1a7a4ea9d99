// End-to-end: the phone layout (spec 000 §2.12, §4, §9). A blogger with posts, a like, a
// follow and a friend opens every main page at 375×812: none scrolls sideways, the mobile
// header stands in for the page header, the drawer opens and its links go where they say, the
// search form finds her post, the header sticks past 45 px, the drawer's Messages and Activity
// stand in for the header's popovers (a message sent from the phone reaches the friend, whose
// answer comes back), and the composer fills the screen and posts. A visitor gets the splash
// with Log in and Get started, and the search. Each page is photographed: into a
// temporary folder on a test run, into docs/screenshots/mobile-<page>.png (committed) with
// UPDATE_SCREENSHOTS=1, so a test run leaves the checkout as it was.
//
//   npm run build && DASHWIRE_BIN=../target/debug/dashwire node --test e2e/mobile.test.mjs
//   UPDATE_SCREENSHOTS=1 DASHWIRE_BIN=../target/debug/dashwire node --test e2e/mobile.test.mjs
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { WEB_DIR, apiPost, composer, headerTab, register, saveWith, startStack, text, typeRich, uniqueSuffix, userInfo } from './support.mjs';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const UPDATE = process.env.UPDATE_SCREENSHOTS === '1';
let SCREENSHOTS = path.resolve(WEB_DIR, '..', 'docs', 'screenshots');

let stack;

before(async () => {
  if (UPDATE) await mkdir(SCREENSHOTS, { recursive: true });
  else SCREENSHOTS = await mkdtemp(path.join(tmpdir(), 'dashwire-e2e-shots-'));
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
  if (!UPDATE) await rm(SCREENSHOTS, { recursive: true, force: true });
});

const postArticle = (scope, id) => scope.locator(`article.post[data-post-id="${id}"]`);
const conversationWith = (page, name) => page.getByRole('dialog', { name: `Conversation with ${name}` });
const messageList = (dialog) => dialog.getByRole('list', { name: 'Messages' });

/** Types a message into an open conversation and sends it with Enter; waits for the server. */
async function send(dialog, message) {
  const box = dialog.getByRole('textbox', { name: 'New message' });
  await box.fill(message);
  await box.press('Enter');
  await messageList(dialog).locator('.message:not(.is-pending)', { hasText: message }).waitFor();
}

/** Opens the drawer and follows its link named (at the start) `name`. */
async function fromDrawer(page, name) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: new RegExp(`^${name}`) }).click();
}

/**
 * Asserts the page is no wider than the phone, naming the widest elements if it is. (Chromium
 * widens a phone's layout viewport to fit a page that is too wide, so window.innerWidth alone
 * would not tell: the page must also be no wider than the phone's 375 px.)
 */
async function assertNoSidewaysScroll(page, name) {
  const width = PHONE.viewport.width;
  const { scrollWidth, innerWidth, widest } = await page.evaluate((width) => {
    const widest = Array.from(document.querySelectorAll('body *'))
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ right }) => right > width + 0.5)
      .sort((a, b) => b.right - a.right)
      .slice(0, 8)
      .map(({ el, right }) => `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).trim().replace(/\s+/g, '.')}` : ''} (${Math.round(right)} px)`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, widest };
  }, width);
  assert.ok(scrollWidth <= innerWidth && innerWidth === width, `${name}: ${scrollWidth} px wide in ${innerWidth}; wider: ${widest.join(', ')}`);
}

/** Waits for the page's loaders to finish. */
async function settled(page) {
  await page.locator('.page-loader').first().waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle');
}

async function screenshot(page, name) {
  // Finite animations (the drawer sliding in) are shown finished.
  await page.screenshot({ path: path.join(SCREENSHOTS, `mobile-${name}.png`), animations: 'disabled' });
}

/** Checks and photographs the page now shown. */
async function checkPage(page, name) {
  await settled(page);
  await assertNoSidewaysScroll(page, name);
  await screenshot(page, name);
}

test('every main page at 375×812, the drawer, the search and the sticky header', async (t) => {
  const suffix = uniqueSuffix();
  const password = 'correct-horse-battery';
  const blogger = { email: `mo-${suffix}@example.com`, password, blogName: `mo-${suffix}` };
  const friend = { email: `mf-${suffix}@example.com`, password, blogName: `mf-${suffix}` };

  // Registration, posts, a follow and a like at desktop size; the phone takes the cookies.
  const { page: friendDesk } = await stack.newPage();
  await register(friendDesk, friend);
  const friendKey = (await userInfo(friendDesk)).form_key;
  const friendsPost = (
    await apiPost(friendDesk, friendKey, '/svc/post/update', {
      channel_id: friend.blogName,
      'post[type]': 'text',
      'post[state]': '0',
      'post[one]': 'Harbour notes',
      'post[two]': '<p>Boats came in at dawn with the tide.</p>',
      'post[tags]': 'harbour',
    })
  ).post;

  const { context: desk, page: bloggerDesk } = await stack.newPage();
  await register(bloggerDesk, blogger);
  const formKey = (await userInfo(bloggerDesk)).form_key;
  const write = async (title, body, tags) =>
    (
      await apiPost(bloggerDesk, formKey, '/svc/post/update', {
        channel_id: blogger.blogName,
        'post[type]': 'text',
        'post[state]': '0',
        'post[one]': title,
        'post[two]': body,
        'post[tags]': tags,
      })
    ).post.id;
  // Long unbroken words and addresses are what push a phone's page sideways.
  const longWord = `Pneumonoultramicroscopicsilicovolcanoconiosis${'x'.repeat(40)}`;
  const ids = {
    lighthouse: await write(
      'Lighthouse keeper',
      `<p>The keeper polished the lens at dusk. ${longWord}</p><p><a href="https://example.com/${'very-long-path-segment-'.repeat(6)}">https://example.com/${'very-long-path-segment-'.repeat(6)}</a></p>`,
      'lighthouses,coast',
    ),
    marmalade: await write('Seville oranges', '<p>Bitter marmalade simmered all afternoon.</p>', 'breakfast'),
  };
  await apiPost(bloggerDesk, formKey, '/svc/follow', { tumblelog: friend.blogName });
  await apiPost(friendDesk, friendKey, '/svc/follow', { tumblelog: blogger.blogName });
  await apiPost(bloggerDesk, formKey, '/svc/like', { id: String(friendsPost.id), key: friendsPost.reblog_key });

  const { page } = await stack.newPage({ ...PHONE, storageState: await desk.storageState() });

  await t.test('the dashboard has the mobile header in place of the page header', async () => {
    await page.goto('/dashboard');
    await postArticle(page, ids.lighthouse).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Account' }).count(), 0, 'no desktop header');
    assert.equal(await page.locator('.mobile-header__title').textContent(), 'Dashboard');
    await checkPage(page, 'dashboard');
  });

  await t.test('the header sticks after 500 ms past 45 px, and slides out while scrolling down', async () => {
    const header = page.locator('.mobile-header');
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForTimeout(200);
    assert.equal(await header.evaluate((el) => el.classList.contains('is-sticky')), false, 'not yet: 500 ms');
    await page.locator('.mobile-header.is-sticky').waitFor();
    assert.ok(await header.evaluate((el) => el.classList.contains('is-hidden')), 'out of the way going down');
    await page.evaluate(() => window.scrollTo(0, 120));
    await page.locator('.mobile-header.is-sticky:not(.is-hidden)').waitFor();
    // Back in view at the top of the viewport once it has slid in.
    await page.waitForFunction(() => document.querySelector('.mobile-header__bar').getBoundingClientRect().top === 0);
    await screenshot(page, 'sticky-header');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('.mobile-header:not(.is-sticky)').waitFor();
  });

  await t.test('the drawer opens with the user’s links, and following one closes it', async () => {
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    assert.equal(await drawer.getByRole('link', { name: 'Create a post' }).getAttribute('href'), '/new/text');
    assert.equal(await drawer.getByRole('link', { name: new RegExp(blogger.blogName) }).getAttribute('href'), `/blog/${blogger.blogName}`);
    await assertNoSidewaysScroll(page, 'drawer');
    await screenshot(page, 'drawer');

    await drawer.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('link', { name: 'Account settings' }).waitFor();
    await screenshot(page, 'drawer-settings');
    await page.getByRole('button', { name: 'Back to the menu' }).click();

    await drawer.getByRole('link', { name: /^Likes/ }).click();
    await page.waitForURL('**/likes');
    await drawer.waitFor({ state: 'detached' });
    await postArticle(page, friendsPost.id).waitFor();
    await checkPage(page, 'likes');
  });

  await t.test('Escape closes the drawer', async () => {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'detached' });
  });

  await t.test('the search form finds the post by a trimmed term', async () => {
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const field = page.getByRole('searchbox', { name: 'Search posts' });
    // The field takes the focus 250 ms after it shows.
    await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'search');
    await field.fill('  marmalade  ');
    await field.press('Enter');
    await page.waitForURL('**/search/marmalade?**');
    const results = page.getByRole('feed', { name: 'Search results for marmalade' });
    await postArticle(results, ids.marmalade).waitFor();
    assert.equal(await field.inputValue(), 'marmalade');
    await checkPage(page, 'search');
  });

  // The other main pages: each shows its content and fits.
  const pages = [
    ['following', '/following', () => page.getByText(friend.blogName).first()],
    ['blog', `/blog/${blogger.blogName}`, () => postArticle(page, ids.lighthouse)],
    ['post', `/blog/${blogger.blogName}/post/${ids.lighthouse}`, () => postArticle(page, ids.lighthouse)],
    ['tagged', '/tagged/lighthouses', () => postArticle(page, ids.lighthouse)],
    ['archive', `/blog/${blogger.blogName}/archive`, () => page.locator('.archive-tile__link').first()],
    ['activity', `/blog/${blogger.blogName}/activity`, () => page.locator('.page').first()],
    ['inbox', `/blog/${blogger.blogName}/inbox`, () => page.locator('.page').first()],
    ['followers', `/blog/${blogger.blogName}/followers`, () => page.getByRole('list', { name: `Blogs following ${blogger.blogName}` }).getByText(friend.blogName).first()],
    ['explore', '/explore', () => page.locator('.page').first()],
    ['settings', '/settings', () => page.getByRole('heading', { name: 'Settings' })],
    ['appearance', `/settings/blog/${blogger.blogName}`, () => page.locator('.page').first()],
    ['analytics', `/blog/${blogger.blogName}/analytics`, () => page.locator('.page').first()],
    ['new-blog', '/new/blog', () => page.locator('.page, form').first()],
    ['help', '/help', () => page.locator('.page').first()],
  ];
  for (const [name, address, content] of pages) {
    await t.test(`${name} (${address}) fits the phone`, async () => {
      await page.goto(address);
      await content().waitFor();
      await checkPage(page, name);
    });
  }

  await t.test('a conversation fits the phone', async () => {
    await page.goto(`/messaging/conversation/${friend.blogName}`);
    const conversation = page.getByRole('dialog', { name: `Conversation with ${friend.blogName}` });
    await conversation.waitFor();
    await checkPage(page, 'conversation');
  });

  await t.test('the drawer’s Messages opens the inbox; a message sent from the phone reaches the friend', async () => {
    await page.goto('/dashboard');
    await postArticle(page, ids.lighthouse).waitFor();
    await fromDrawer(page, 'Messages');
    await page.waitForURL('**/messaging');
    const inbox = page.getByRole('region', { name: 'Messages' });
    // No conversations yet: the empty inbox.
    await inbox.getByRole('link', { name: 'New message' }).waitFor();
    await checkPage(page, 'messaging');

    await inbox.getByRole('button', { name: 'Compose Message' }).click();
    const to = inbox.getByLabel('To:');
    await to.fill(friend.blogName);
    await inbox.getByRole('region', { name: 'Search results' }).getByRole('button', { name: new RegExp(friend.blogName) }).waitFor();
    await to.press('Enter');
    const conversation = conversationWith(page, friend.blogName);
    await conversation.getByText('Hello', { exact: true }).waitFor();
    await send(conversation, 'Ahoy from a phone');
    // The conversation takes the whole screen, measured once its slide-in is over (a box read
    // mid-slide was a fraction of a pixel off: Math.round gave -0).
    await conversation.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    const box = await conversation.boundingBox();
    assert.deepEqual(
      [box.x, box.y, box.width, box.height].map((n) => Math.round(n) + 0),
      [0, 0, 375, 812],
      'the conversation fills the screen',
    );
    await checkPage(page, 'messaging-conversation');

    // The friend, at a desk, finds it in their inbox and answers.
    await headerTab(friendDesk, 'Messages').click();
    const friendsInbox = friendDesk.getByRole('dialog', { name: 'Messages', exact: true });
    const item = friendsInbox.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(blogger.blogName) });
    await item.waitFor();
    assert.match(await text(item), /Ahoy from a phone/);
    await item.click();
    const friendsConversation = conversationWith(friendDesk, blogger.blogName);
    await messageList(friendsConversation).getByText('Ahoy from a phone').waitFor();
    await send(friendsConversation, 'Fair winds to you');

    // The answer reaches the phone's open conversation; closing it leads back to the inbox.
    await messageList(conversation).getByText('Fair winds to you').waitFor();
    await conversation.getByRole('button', { name: 'Close' }).click();
    await conversation.waitFor({ state: 'detached' });
    const phoneItem = inbox.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(friend.blogName) });
    await phoneItem.filter({ hasText: 'Fair winds to you' }).waitFor();
    await assertNoSidewaysScroll(page, 'messaging with a conversation');
  });

  await t.test('the drawer’s Activity, with its badge, shows the blog’s notifications', async () => {
    // The blog's activity page, photographed above, read the friend's first follow (seen is
    // read): the friend follows again, a notification the phone has not seen.
    await apiPost(friendDesk, friendKey, '/svc/unfollow', { tumblelog: blogger.blogName });
    await apiPost(friendDesk, friendKey, '/svc/follow', { tumblelog: blogger.blogName });
    await page.getByRole('button', { name: 'Menu' }).click();
    const activity = page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: /^Activity/ });
    // Unread: the drawer's Activity says 1 (the page header's badge would too).
    await activity.locator('.badge').filter({ hasText: /^1$/ }).waitFor();
    await activity.click();
    await page.waitForURL('**/activity');
    const today = page.getByRole('region', { name: 'Activity' }).getByRole('region', { name: 'Today' });
    // Both follows: the first, and the one that raised the badge.
    await today.getByText(friend.blogName).nth(1).waitFor();
    assert.match(await text(today), new RegExp(`${friend.blogName} started following you`));
    await checkPage(page, 'notifications');
  });

  await t.test('the drawer’s Create a post opens the composer over the whole screen, and it posts', async () => {
    await page.goto('/dashboard');
    await postArticle(page, ids.lighthouse).waitFor();
    await fromDrawer(page, 'Create a post');
    await composer(page).locator('.post-form').waitFor();
    await settled(page);
    const box = await page.locator('.post-form').boundingBox();
    assert.ok(box.width >= 374, `the form is ${box.width} px wide`);
    assert.ok(box.x <= 0.5, `the form starts at ${box.x}`);
    await assertNoSidewaysScroll(page, 'composer');
    await screenshot(page, 'composer');

    await composer(page).getByRole('textbox', { name: 'Title' }).fill('Posted from a phone');
    await typeRich(page, 'Body', 'Typed with two thumbs.');
    const answer = await saveWith(page, 'Post');
    assert.equal(answer.post.content.title, 'Posted from a phone');
    assert.equal(new URL(page.url()).pathname, '/dashboard');
    await page.reload();
    await postArticle(page, answer.post.id).waitFor();
  });

  assert.deepEqual(page.errors, [], 'no page errors');
});

test('a visitor at 375×812 gets the splash, and its links reach the login page', async () => {
  const { page } = await stack.newPage(PHONE);
  await page.goto('/explore');
  await page.locator('.page').first().waitFor();
  await checkPage(page, 'visitor-explore');

  await page.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  assert.equal(await drawer.getByRole('link', { name: 'Log in' }).getAttribute('href'), '/login?from_splash=1');
  assert.equal(await drawer.getByRole('link', { name: 'Get started' }).getAttribute('href'), '/register?from_splash=1');
  await screenshot(page, 'splash');

  await drawer.getByRole('link', { name: 'Get started' }).click();
  await page.getByRole('form', { name: 'Sign up' }).waitFor();
  await page.goBack();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Log in' }).click();
  await page.waitForURL('**/login?from_splash=1');
  await page.getByRole('form', { name: 'Log in' }).waitFor();
  await checkPage(page, 'login');

  // The site search, as the desktop header offers a visitor (features/mobile/mobileFlags.ts).
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const field = page.getByRole('searchbox', { name: 'Search posts' });
  await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'search');
  await field.fill('harbour');
  await field.press('Enter');
  await page.waitForURL('**/search/harbour?**');
  await page.getByRole('heading', { name: 'Search results for harbour' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Search filters' }).count(), 0, 'the filters are a user’s');
  await checkPage(page, 'visitor-search');
  assert.deepEqual(page.errors, [], 'no page errors');
});
