// End-to-end: reading posts. An author posts one post of every type through the API
// (POST /svc/post/update, docs/api.md "The save form"), a follower reads them on the
// dashboard, a visitor on the blog page; a post carrying a script payload stays inert.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiPost, startStack, uniqueSuffix } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

/**
 * Registers through the API in the page's browser context (its cookies hold the session) and
 * returns the new session's form key. A visitor's key first: the register POST needs one.
 */
async function registerByApi(page, { email, password, blogName }) {
  const visitor = await page.request.get('/svc/user/info');
  const { form_key } = (await visitor.json()).response;
  const res = await page.request.post('/register', { form: { email, password, blog_name: blogName, form_key } });
  assert.equal(res.status(), 200, await res.text());
  return (await res.json()).response.form_key;
}

const post = apiPost;

const feed = (page, name) => page.getByRole('feed', { name });
/** The article of the post with this id. */
const postArticle = (scope, id) => scope.locator(`article[data-post-id="${id}"]`);

test('posts: every type on the dashboard and the blog page, hostile HTML inert', async (t) => {
  const suffix = uniqueSuffix();
  const password = 'correct-horse-battery';
  const author = { email: `pa-${suffix}@example.com`, password, blogName: `pa-${suffix}` };
  const reader = { email: `pr-${suffix}@example.com`, password, blogName: `pr-${suffix}` };
  const { page: authorPage } = await stack.newPage();
  const { page: readerPage } = await stack.newPage();
  const authorKey = await registerByApi(authorPage, author);
  const readerKey = await registerByApi(readerPage, reader);

  const save = (fields) =>
    post(authorPage, authorKey, '/svc/post/update', { channel_id: author.blogName, 'post[state]': '0', ...fields });
  const ids = {};

  await t.test('the author posts two older posts, then one of every type', async () => {
    // Older ones first: with them the dashboard holds 12 posts, more than its first page of 10.
    ids.older1 = (await save({ 'post[type]': 'text', 'post[one]': 'Older one', 'post[two]': '<p>old</p>' })).post.id;
    ids.older2 = (await save({ 'post[type]': 'text', 'post[one]': 'Older two', 'post[two]': '<p>old</p>' })).post.id;
    const avatar = `${stack.baseURL}/avatar/${author.blogName}/128`;
    const saved = {
      text: await save({
        'post[type]': 'text',
        'post[one]': 'Tom & Jerry <3',
        'post[two]': '<p>Hello <b>world</b></p>',
        'post[tags]': 'art,<script>alert(1)</script>',
      }),
      photo: await save({
        'post[type]': 'photo',
        'images[o1]': avatar,
        'caption[o1]': 'The first photo',
        'images[o2]': avatar,
        'images[o3]': avatar,
        'post[photoset_layout]': '12',
        'post[two]': '<p>Three photos</p>',
      }),
      quote: await save({ 'post[type]': 'quote', 'post[one]': 'Short and sweet', 'post[two]': 'Someone wise' }),
      link: await save({
        'post[type]': 'link',
        'post[one]': 'An article',
        'post[two]': 'https://example.com/article',
        'post[three]': '<p>Worth a read</p>',
        excerpt: 'What it says',
        author: 'Ann Author',
      }),
      chat: await save({ 'post[type]': 'chat', 'post[one]': 'A talk', 'post[two]': 'Alice: hi there\nBob: hello' }),
      audio: await save({
        'post[type]': 'audio',
        'post[three]': 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
        'post[two]': '<p>A tune</p>',
        'id3_tags[title]': 'The song',
      }),
      video: await save({
        'post[type]': 'video',
        'post[one]': 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        'post[two]': '<p>A video</p>',
      }),
      note: await save({ 'post[type]': 'note', 'post[one]': 'What is up?', 'post[two]': '<p>Not much</p>' }),
      hostile: await save({
        'post[type]': 'text',
        'post[one]': '<img src=x onerror="window.__pwned=3">Hostile',
        'post[two]': '<p>Safe words</p><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">',
      }),
      long: await save({
        'post[type]': 'text',
        'post[one]': 'A long one',
        'post[two]': '<p>The start.</p><p>[[MORE]]</p><p>The hidden rest.</p>',
      }),
    };
    // Text fields come back escaped for HTML (the reader decodes them for display).
    assert.equal(saved.text.post.content.title, 'Tom & Jerry <3', 'plain text, as written');
    assert.deepEqual(saved.text.post.tags, ['art', '&lt;script&gt;alert(1)&lt;/script&gt;']);
    for (const [type, answer] of Object.entries(saved)) {
      ids[type] = answer.post.id;
      assert.equal(answer.post_context_page, 'dashboard', type);
    }
    const draft = await save({ 'post[type]': 'text', 'post[state]': '1', 'post[one]': 'A draft', 'post[two]': '<p>d</p>' });
    ids.draft = draft.post.id;
    assert.equal(draft.post_context_page, 'drafts');
  });

  await t.test("the reader follows the author and sees all eight types on the dashboard", async () => {
    await post(readerPage, readerKey, '/svc/follow', { tumblelog: author.blogName });
    await readerPage.goto('/dashboard');
    const dashboard = feed(readerPage, 'Your dashboard');
    await postArticle(dashboard, ids.long).waitFor();

    const text = postArticle(dashboard, ids.text);
    // The title is plain text and shows as text.
    await text.getByRole('heading', { name: 'Tom & Jerry <3' }).waitFor();
    await text.locator('b', { hasText: 'world' }).waitFor();
    await text.getByRole('link', { name: '#art' }).waitFor();

    const photo = postArticle(dashboard, ids.photo);
    assert.equal(await photo.locator('.photoset img').count(), 3);
    assert.equal(await photo.locator('.photoset__row').count(), 2, "layout '12': two rows");
    // Attached, not visible: these photos are addresses elsewhere, whose size the server does
    // not fetch to measure (width and height 0), so a lone lazy photo below the fold has no
    // height until it loads.
    await photo.getByRole('img', { name: 'The first photo' }).waitFor({ state: 'attached' });
    await photo.getByText('Three photos').waitFor();

    const quote = postArticle(dashboard, ids.quote);
    await quote.locator('blockquote.post-quote__text--extra_large', { hasText: 'Short and sweet' }).waitFor();
    await quote.getByText('Someone wise').waitFor();

    const link = postArticle(dashboard, ids.link).getByRole('link', { name: /An article/ });
    assert.equal(await link.getAttribute('href'), 'https://example.com/article');
    await postArticle(dashboard, ids.link).getByText('By Ann Author').waitFor();

    const chat = postArticle(dashboard, ids.chat);
    await chat.locator('b', { hasText: 'Alice:' }).waitFor();
    await chat.locator('b', { hasText: 'Bob:' }).waitFor();

    const audio = postArticle(dashboard, ids.audio);
    const player = audio.locator('iframe');
    assert.equal(await player.getAttribute('src'), 'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC', "the service's player");
    await audio.getByText('The song').waitFor();

    const video = postArticle(dashboard, ids.video).locator('iframe');
    assert.equal(await video.getAttribute('src'), 'https://www.youtube.com/embed/dQw4w9WgXcQ');

    const note = postArticle(dashboard, ids.note);
    await note.getByText('What is up?').waitFor();
    await note.getByText('Anonymous').waitFor();
    await note.getByText('Not much').waitFor();

    // Reblog for a published post; no Edit on someone else's.
    const reblog = postArticle(dashboard, ids.note).getByRole('link', { name: 'Reblog' });
    assert.match(await reblog.getAttribute('href'), new RegExp(`^/reblog/${ids.note}/\\w+$`));
    assert.equal(await postArticle(dashboard, ids.note).getByRole('link', { name: 'Edit' }).count(), 0);
  });

  await t.test('a tag with markup shows as text and makes no element', async () => {
    const tags = postArticle(feed(readerPage, 'Your dashboard'), ids.text).getByRole('list', { name: 'Tags' });
    const tag = tags.getByRole('link', { name: '#<script>alert(1)</script>' });
    await tag.waitFor();
    assert.equal(await tags.locator('script').count(), 0);
  });

  await t.test('the script payload stays inert', async () => {
    const hostile = postArticle(feed(readerPage, 'Your dashboard'), ids.hostile);
    await hostile.getByText('Safe words').waitFor();
    assert.equal(await hostile.locator('script').count(), 0);
    assert.equal(await hostile.locator('[onerror]').count(), 0);
    // A title is text: shown as typed, tag and all, and never read as HTML.
    const title = '<img src=x onerror="window.__pwned=3">Hostile';
    await hostile.getByRole('heading', { name: title, exact: true }).waitFor();
    assert.equal(await hostile.getByRole('heading', { name: title, exact: true }).locator('img').count(), 0);
    await readerPage.waitForTimeout(300); // a broken image's error event would have fired by now
    assert.equal(await readerPage.evaluate(() => window.__pwned), undefined);
  });

  await t.test('the dashboard loads the next page when scrolled to its end', async () => {
    const dashboard = feed(readerPage, 'Your dashboard');
    await readerPage.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await postArticle(dashboard, ids.older1).waitFor();
    assert.equal(await dashboard.getByRole('article').count(), 12);
    assert.equal(await dashboard.locator(`article[data-post-id="${ids.draft}"]`).count(), 0, 'no drafts on a dashboard');
  });

  await t.test("read-more: cut on the dashboard, whole on the post's page", async () => {
    const long = postArticle(feed(readerPage, 'Your dashboard'), ids.long);
    await long.getByText('The start.').waitFor();
    assert.equal(await long.getByText('The hidden rest.').count(), 0);
    await long.getByRole('link', { name: 'Keep reading' }).click();
    await readerPage.waitForURL(`**/blog/${author.blogName}/post/${ids.long}**`);
    const article = readerPage.getByRole('article', { name: `Text post by ${author.blogName}` });
    await article.getByText('The hidden rest.').waitFor();
    assert.equal(await article.getByText('[[MORE]]').count(), 0);
  });

  await t.test('a visitor reads them all on the blog page', async () => {
    const { page: visitor } = await stack.newPage();
    await visitor.goto(`/blog/${author.blogName}`);
    const blogFeed = feed(visitor, `${author.blogName} posts`);
    await postArticle(blogFeed, ids.long).waitFor();
    for (const type of ['text', 'photo', 'quote', 'link', 'chat', 'audio', 'video', 'note']) {
      await postArticle(blogFeed, ids[type]).waitFor();
    }
    await postArticle(blogFeed, ids.video).locator('iframe').waitFor();
    await postArticle(blogFeed, ids.chat).locator('b', { hasText: 'Alice:' }).waitFor();
    // A visitor gets no composer: no Reblog, no Edit.
    assert.equal(await blogFeed.getByRole('link', { name: 'Reblog' }).count(), 0);
    assert.equal(await blogFeed.getByRole('link', { name: 'Edit' }).count(), 0);
    assert.equal(await visitor.evaluate(() => window.__pwned), undefined);
    assert.deepEqual(visitor.errors, []);
  });

  await t.test("the author finds the draft through the account menu's Drafts link", async () => {
    // Seen the tour guide, so the account tab opens the menu at once.
    await post(authorPage, authorKey, '/svc/post/set_seen_atg', {});
    await authorPage.goto('/dashboard');
    await authorPage.getByRole('button', { name: 'Account' }).click();
    const menu = authorPage.getByRole('list', { name: `${author.blogName} menu` });
    await menu.getByRole('link', { name: /^Drafts/ }).click();
    await authorPage.waitForURL(`**/blog/${author.blogName}/drafts`);
    const drafts = feed(authorPage, `${author.blogName} drafts`);
    const draft = postArticle(drafts, ids.draft);
    await draft.getByText('Draft', { exact: true }).waitFor();
    assert.equal(await draft.getByRole('link', { name: 'Edit' }).getAttribute('href'), `/edit/${ids.draft}`);
    assert.equal(await drafts.getByRole('article').count(), 1);
  });

  await t.test('no script errors in any page', () => {
    assert.deepEqual(readerPage.errors, []);
    assert.deepEqual(authorPage.errors, []);
  });
});
