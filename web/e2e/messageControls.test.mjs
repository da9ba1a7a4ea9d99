// End-to-end: the message controls (spec 002 "Message-controls popover", §8). B opens a
// conversation A started, blocks A from the controls after the sender confirmation, and A's
// next message is refused; then B deletes the conversation, which leaves B's inbox.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { headerTab, register, startStack, trackErrors, uniqueSuffix, userInfo } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

const messagesTab = (page) => headerTab(page, 'Messages');
const inbox = (page) => page.getByRole('dialog', { name: 'Messages', exact: true });
const conversationWith = (page, name) => page.getByRole('dialog', { name: `Conversation with ${name}` });

test('block from the message controls, then delete the conversation', async () => {
  const suffix = uniqueSuffix();
  const password = 'correct-horse-battery';
  const a = { email: `ca-${suffix}@example.com`, password, blogName: `ca-${suffix}` };
  const b = { email: `cb-${suffix}@example.com`, password, blogName: `cb-${suffix}` };
  const { page: pageA } = await stack.newPage();
  const { page: pageB } = await stack.newPage();
  trackErrors(pageB);
  await register(pageA, a);
  await register(pageB, b);
  const keyA = (await userInfo(pageA)).form_key;
  const send = (message) =>
    pageA.evaluate(
      async ({ key, from, to, message }) => {
        const body = new URLSearchParams({ form_key: key, participant: from, 'participants[]': to, message, type: 'TEXT' });
        const answer = await fetch('/svc/conversations/messages', { method: 'POST', body });
        return { status: answer.status, body: await answer.json() };
      },
      { key: keyA, from: a.blogName, to: b.blogName, message },
    );
  assert.equal((await send('Hello from A')).status, 200);

  await messagesTab(pageB).click();
  await inbox(pageB).getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(a.blogName) }).click();
  const conversation = conversationWith(pageB, a.blogName);
  await conversation.getByText('Hello from A').waitFor();

  // Block: the sender confirmation, word for word; Nevermind first does nothing.
  const controls = conversation.getByRole('button', { name: 'Message controls' });
  await controls.click();
  const menu = conversation.getByRole('menu', { name: 'Message controls' });
  assert.deepEqual(await menu.getByRole('menuitem').allTextContents(), ['Block', 'Flag', 'Delete']);
  await menu.getByRole('menuitem', { name: 'Block' }).click();
  const confirm = pageB.getByRole('alertdialog');
  await confirm
    .getByText(
      "Block messages from this sender? Any further messages sent from their IP address will be blocked from your inbox. This can't be undone, by the way.",
    )
    .waitFor();
  await confirm.getByRole('button', { name: 'Nevermind' }).click();
  await confirm.waitFor({ state: 'detached' });
  assert.equal((await send('Still here')).status, 200, 'not blocked after Nevermind');

  await controls.click();
  await menu.getByRole('menuitem', { name: 'Block' }).click();
  await confirm.getByRole('button', { name: 'Block' }).click();
  await conversation.getByText(`${a.blogName} is blocked.`).waitFor();
  const refused = await send('Let me in');
  assert.equal(refused.status, 403, JSON.stringify(refused.body));

  // Delete: its confirmation, then the conversation closes and leaves B's inbox.
  await controls.click();
  await menu.getByRole('menuitem', { name: 'Delete' }).click();
  await confirm.getByText('Are you sure you want to delete this?').waitFor();
  await confirm.getByRole('button', { name: 'OK' }).click();
  await conversation.waitFor({ state: 'detached' });
  await messagesTab(pageB).click();
  await inbox(pageB).getByRole('button', { name: 'Compose Message' }).waitFor();
  assert.equal(
    await inbox(pageB).getByRole('link', { name: new RegExp(a.blogName) }).count(),
    0,
    'gone from the inbox',
  );
  const stored = await pageB.evaluate(async (blog) => (await fetch(`/svc/conversations?participant=${blog}`)).json(), b.blogName);
  assert.equal(stored.response.conversations.length, 0, 'and from the server’s inbox');
  assert.deepEqual(pageB.errors, []);
});
