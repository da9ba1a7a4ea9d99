// End-to-end: the rich editor's keyboard shortcuts in a real browser (spec 001 §9), and what
// the server keeps of what they insert: two video embeds in a row (both stay), the read-more
// marker, and the title focus.
//
//   npm run build && DASHWIRE_BIN=... node --test e2e/composerEditor.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { composer, register, startStack, uniqueSuffix } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

/**
 * Waits until `locator`'s element has the focus. The editor takes it back from a closed
 * overlay on the next animation frame (TipTap's focus command), and a shortcut pressed
 * before that goes to the page, not the editor: a person is never that fast, a test is.
 */
async function focused(page, locator) {
  await page.waitForFunction((el) => el === document.activeElement, await locator.elementHandle());
}

test('editor shortcuts: video embeds, read-more, title focus', async () => {
  const suffix = uniqueSuffix();
  const a = { email: `ed-${suffix}@example.com`, password: 'correct-horse-battery', blogName: `ed-${suffix}` };
  const { page } = await stack.newPage();
  await register(page, a);

  await page.goto('/new/text');
  const body = composer(page).getByRole('textbox', { name: 'Body' });
  await body.click();
  await page.keyboard.type('Two videos');
  for (const id of ['dQw4w9WgXcQ', 'oHg5SJYRHA0']) {
    // Linux: "meta" is Ctrl.
    await page.keyboard.press('Control+Shift+M');
    const address = composer(page).getByRole('textbox', { name: 'Video address' });
    await address.fill(`https://youtu.be/${id}`);
    await address.press('Enter');
    await address.waitFor({ state: 'detached' });
    await focused(page, body);
  }
  await page.keyboard.press('Control+Shift+K');
  await composer(page).getByRole('separator', { name: 'Keep reading' }).waitFor();
  await page.keyboard.type('After the break');

  await page.keyboard.press('Control+Shift+1');
  const title = composer(page).getByRole('textbox', { name: 'Title' });
  assert.equal(await title.evaluate((el) => el === document.activeElement), true, 'the title has the focus');
  await page.keyboard.type('Shortcuts');

  const answer = page.waitForResponse((res) => res.url().endsWith('/svc/post/update'));
  await page.keyboard.press('Control+Enter');
  const res = await answer;
  assert.equal(res.status(), 200, await res.text());
  const { post } = (await res.json()).response;
  assert.equal(post.content.title, 'Shortcuts');
  const players = [...post.content.body.matchAll(/<iframe[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(players, ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/embed/oHg5SJYRHA0']);
  assert.match(post.content.body, /^<p>Two videos<\/p><iframe.*<\/iframe><iframe.*<\/iframe><p>\[\[MORE\]\]<\/p><p>After the break<\/p>$/);
  assert.deepEqual(page.errors, []);
});
