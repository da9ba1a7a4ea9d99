// End-to-end: live messaging and activity between two users, each in their own browser
// context, against the real server; and the polling fallback with the socket blocked.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { headerTab, register, startStack, text, trackErrors, uniqueSuffix } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

/** Waits until the page's socket is open (the header says so), so live events can flow. */
function socketOpen(page) {
  return page.locator('header[data-realtime="open"]').waitFor();
}

const messagesTab = (page) => headerTab(page, 'Messages');
const inbox = (page) => page.getByRole('dialog', { name: 'Messages', exact: true });
const conversationWith = (page, name) => page.getByRole('dialog', { name: `Conversation with ${name}` });
const messageList = (dialog) => dialog.getByRole('list', { name: 'Messages' });

/** Types a message into an open conversation popover and sends it with Enter. */
async function send(dialog, message) {
  const box = dialog.getByRole('textbox', { name: 'New message' });
  await box.fill(message);
  await box.press('Enter');
  // Shown at once (pending), then confirmed by the server.
  await messageList(dialog).locator('.message:not(.is-pending)', { hasText: message }).waitFor();
}

test('messaging: live both ways, live badge, polling fallback, live activity', async (t) => {
  const suffix = uniqueSuffix();
  const password = 'correct-horse-battery';
  const a = { email: `ma-${suffix}@example.com`, password, blogName: `ma-${suffix}` };
  const b = { email: `mb-${suffix}@example.com`, password, blogName: `mb-${suffix}` };
  const { page: pageA } = await stack.newPage();
  const { context: contextB, page: pageB } = await stack.newPage();
  await Promise.all([register(pageA, a), register(pageB, b)]);
  await Promise.all([socketOpen(pageA), socketOpen(pageB)]);

  const convA = conversationWith(pageA, b.blogName);
  const convB = conversationWith(pageB, a.blogName);
  const badgeB = messagesTab(pageB).locator('.badge');

  await t.test('A composes to B and sends; B sees it arrive in the open inbox', async () => {
    await messagesTab(pageB).click();
    await inbox(pageB).getByRole('link', { name: 'New message' }).waitFor();

    await messagesTab(pageA).click();
    await inbox(pageA).getByRole('button', { name: 'Compose Message' }).click();
    await inbox(pageA).getByRole('button', { name: 'Nevermind' }).waitFor();
    const to = inbox(pageA).getByLabel('To:');
    await to.fill(b.blogName);
    await inbox(pageA)
      .getByRole('region', { name: 'Search results' })
      .getByRole('button', { name: new RegExp(b.blogName) })
      .waitFor();
    await to.press('Enter');
    await inbox(pageA).waitFor({ state: 'detached' });
    await convA.getByText('Hello', { exact: true }).waitFor();
    assert.equal(await convA.getByRole('button', { name: 'Send' }).isDisabled(), true, 'Send waits for text');

    await send(convA, 'Hi B, it is A');

    const item = inbox(pageB).getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(a.blogName) });
    await item.waitFor();
    assert.match(await text(item), /Hi B, it is A/);
    assert.match(await item.getAttribute('href'), /^\/conversation\/\d+$/);
    await badgeB.filter({ hasText: /^1$/ }).waitFor();
  });

  await t.test('B opens it and answers; A sees the answer live', async () => {
    await inbox(pageB).getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(a.blogName) }).click();
    await messageList(convB).getByText('Hi B, it is A').waitFor();
    // Reading it marked it read: the badge goes.
    await badgeB.waitFor({ state: 'detached' });
    await send(convB, 'Hello A!');
    await messageList(convA).getByText('Hello A!').waitFor();
  });

  await t.test('A answers; B sees it live in the open conversation', async () => {
    await send(convA, 'How are you?');
    await messageList(convB).getByText('How are you?').waitFor();
  });

  await t.test('closing over unsent text asks first', async () => {
    await convA.getByRole('textbox', { name: 'New message' }).fill('not sent');
    await convA.getByRole('button', { name: 'Close' }).click();
    const confirm = pageA.getByRole('alertdialog');
    await confirm.getByText('Close without sending?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    assert.equal(await convA.getByRole('textbox', { name: 'New message' }).inputValue(), 'not sent');
    await convA.getByRole('textbox', { name: 'New message' }).fill('');
  });

  await t.test("B's badge rises live when A writes while B's popovers are closed", async () => {
    await convB.getByRole('button', { name: 'Close' }).click();
    await convB.waitFor({ state: 'detached' });
    assert.equal(await badgeB.count(), 0);
    await send(convA, 'Are you there?');
    await badgeB.filter({ hasText: /^1$/ }).waitFor();
  });

  await t.test('with the socket blocked, an open conversation still gets messages by polling', async () => {
    const blocked = trackErrors(await contextB.newPage());
    let socketAttempts = 0;
    // The socket's address carries ?as=user|visitor: any /ws is blocked.
    await blocked.routeWebSocket(/\/ws(\?|$)/, (ws) => {
      socketAttempts += 1;
      ws.close();
    });
    await blocked.goto(`/messaging/conversation/${a.blogName}`);
    await blocked.waitForURL('**/dashboard');
    const conversation = conversationWith(blocked, a.blogName);
    await messageList(conversation).getByText('Are you there?').waitFor();
    assert.notEqual(await blocked.locator('header[data-realtime]').getAttribute('data-realtime'), 'open');
    assert.ok(socketAttempts >= 1, 'the app tried the socket');

    const sentAt = Date.now();
    await send(convA, 'Polling works');
    // Polled every 2 s while the socket is down.
    await messageList(conversation).getByText('Polling works').waitFor({ timeout: 6_000 });
    assert.ok(Date.now() - sentAt < 6_000);
    assert.deepEqual(blocked.errors, []);
    await blocked.close();
  });

  await t.test("A follows B's blog while B's activity popover is open: the follower shows up live", async () => {
    await headerTab(pageB, 'Activity').click();
    const activity = pageB.getByRole('dialog', { name: 'Activity', exact: true });
    await activity
      .getByText('Check out this tab when you make a post to see Likes, Reblogs, and new followers.')
      .waitFor();

    await pageA.goto(`/blog/${b.blogName}`);
    await pageA.getByRole('article', { name: b.blogName }).getByRole('button', { name: 'Follow', exact: true }).click();

    const today = activity.getByRole('region', { name: 'Today' });
    await today.getByText(a.blogName).waitFor();
    assert.match(await text(today), new RegExp(`${a.blogName} started following you`));
    // Seen while the popover is open, it is read: no badge is left on the Activity tab.
    const activityBadge = headerTab(pageB, 'Activity').locator('.badge');
    await activityBadge.waitFor({ state: 'detached' });

    // With the popover closed, a new follow raises the badge live.
    await pageB.keyboard.press('Escape');
    await activity.waitFor({ state: 'detached' });
    const article = pageA.getByRole('article', { name: b.blogName });
    await article.getByRole('button', { name: 'Unfollow', exact: true }).click();
    await pageA.getByRole('alertdialog').getByRole('button', { name: 'Ok', exact: true }).click();
    await article.getByRole('button', { name: 'Follow', exact: true }).click();
    await activityBadge.filter({ hasText: /^1$/ }).waitFor();
  });

  await t.test('no script errors in either page', () => {
    assert.deepEqual(pageA.errors, []);
    assert.deepEqual(pageB.errors, []);
  });
});
