// End-to-end: asks (issue 11). An author turns asks on in her settings; a reader asks from the author's blog
// card; the question reaches the author's activity live and waits in her inbox; she answers
// it there, it leaves the inbox and goes out as an answered note, and the reader hears of
// the answer. Then the reader submits a post, and the author posts it from her inbox.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { headerTab, listening, register, startStack, trackErrors, uniqueSuffix } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

test('ask from the blog card, answer from the inbox', async (t) => {
  const suffix = uniqueSuffix();
  const password = 'correct-horse-battery';
  const author = { email: `qa-${suffix}@example.com`, password, blogName: `qa-${suffix}` };
  const reader = { email: `qr-${suffix}@example.com`, password, blogName: `qr-${suffix}` };
  const { page: authorPage } = await stack.newPage();
  const { page: readerPage } = await stack.newPage();
  trackErrors(authorPage);
  trackErrors(readerPage);
  await register(authorPage, author);
  await register(readerPage, reader);
  // The author turns questions on in her settings.
  await authorPage.goto('/settings');
  const asks = authorPage.getByRole('checkbox', { name: `Let people ask ${author.blogName} questions` });
  await asks.check();
  // Saved: both switches are usable again (anonymous questions need questions on).
  await authorPage.waitForFunction(() => [...document.querySelectorAll('.asks-settings input')].every((i) => !i.disabled));
  assert.equal(await asks.isChecked(), true);

  await headerTab(authorPage, 'Activity').click();
  const activity = authorPage.getByRole('dialog', { name: 'Activity', exact: true });
  await activity.getByText('Check out this tab when you make a post to see Likes, Reblogs, and new followers.').waitFor();
  await listening(authorPage, `activity:${author.blogName}`);

  await t.test('the reader asks from the blog card; the author hears of it live', async () => {
    await readerPage.goto(`/blog/${author.blogName}`);
    const card = readerPage.getByRole('article', { name: author.blogName });
    await card.getByRole('button', { name: 'Ask' }).click();
    await card.getByRole('textbox', { name: 'Question' }).fill('Which lighthouse is your favourite?');
    await card.getByRole('button', { name: 'Send question' }).click();
    await card.getByText(`Your question is on its way to ${author.blogName}.`).waitFor();
    await activity.getByText(new RegExp(`${reader.blogName} asked you a question`)).waitFor();
  });

  await t.test('the author answers it in her inbox; it leaves the inbox', async () => {
    await authorPage.goto(`/blog/${author.blogName}/inbox`);
    const question = authorPage.getByRole('article').filter({ hasText: 'Which lighthouse is your favourite?' });
    await question.getByRole('button', { name: 'Answer' }).click();
    await question.getByRole('textbox', { name: 'Answer' }).fill('Hook Head, <always>.');
    await question.getByRole('button', { name: 'Post answer' }).click();
    await authorPage.getByText('No questions or submissions waiting.').waitFor();
  });

  await t.test('the answer is on the blog and the reader is told', async () => {
    await readerPage.goto(`/blog/${author.blogName}`);
    const answered = readerPage.getByRole('article').filter({ hasText: 'Which lighthouse is your favourite?' });
    await answered.getByText('Hook Head, <always>.').waitFor();
    await headerTab(readerPage, 'Activity').click();
    const readerActivity = readerPage.getByRole('dialog', { name: 'Activity', exact: true });
    await readerActivity.getByText(new RegExp(`${author.blogName} answered your question`)).waitFor();
    // With the answer's words, as text.
    const words = readerActivity.getByText('Hook Head, <always>.');
    assert.equal(await words.evaluate((el) => el.tagName), 'Q');
  });

  await t.test('the reader submits a post; the author posts it from her inbox', async () => {
    await readerPage.goto(`/blog/${author.blogName}`);
    const card = readerPage.getByRole('article', { name: author.blogName });
    await card.getByRole('button', { name: 'Submit a post' }).click();
    await card.getByRole('textbox', { name: 'Title' }).fill('A lighthouse for you');
    await card.getByRole('textbox', { name: 'Post' }).fill('Fanad Head, at dusk.');
    await card.getByRole('button', { name: 'Submit', exact: true }).click();
    await card.getByText(`Submitted to ${author.blogName}.`).waitFor();

    await authorPage.goto(`/blog/${author.blogName}/inbox`);
    await headerTab(authorPage, 'Activity').click();
    await activity.getByText(new RegExp(`${reader.blogName} submitted a post`)).waitFor();
    await authorPage.keyboard.press('Escape');
    const submitted = authorPage.getByRole('article').filter({ hasText: 'A lighthouse for you' });
    await submitted.getByText(`submitted by ${reader.blogName}`).waitFor();
    await submitted.getByRole('button', { name: 'Post', exact: true }).click();
    await authorPage.getByText('No questions or submissions waiting.').waitFor();

    await readerPage.goto(`/blog/${author.blogName}`);
    const out = readerPage.getByRole('article').filter({ hasText: 'A lighthouse for you' });
    await out.getByText('Fanad Head, at dusk.').waitFor();
  });

  await t.test('no script errors in either page', () => {
    assert.deepEqual(authorPage.errors, []);
    assert.deepEqual(readerPage.errors, []);
  });
});
