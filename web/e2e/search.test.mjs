// End-to-end: search (spec 002 §2 In-blog search, §4, §5; the header's search of spec 000
// §2.12). A blogger writes three posts with their own words and tags, opens her blog in the
// blog viewer drawer and searches it by keyboard alone: the toggle by Tab and Enter, a word and
// Enter, a tag from 'Popular Tags:' by the arrow keys, and a word found nowhere. Then the
// header's search box takes her to /search/{term}, which finds the post across blogs.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiPost, register, startStack, trackErrors, uniqueSuffix, userInfo } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

const postArticle = (scope, id) => scope.locator(`article.post[data-post-id="${id}"]`);

/** The ids of the posts a region lists, in order. */
async function idsIn(region) {
  return region.locator('article.post').evaluateAll((articles) => articles.map((a) => Number(a.dataset.postId)));
}

test('searching a blog in the drawer by keyboard, and every blog from the header', async (t) => {
  const suffix = uniqueSuffix();
  const blogger = { email: `se-${suffix}@example.com`, password: 'correct-horse-battery', blogName: `se-${suffix}` };
  const { page } = await stack.newPage();
  trackErrors(page);
  await register(page, blogger);
  const formKey = (await userInfo(page)).form_key;
  const write = async (title, body, tags) =>
    (
      await apiPost(page, formKey, '/svc/post/update', {
        channel_id: blogger.blogName,
        'post[type]': 'text',
        'post[state]': '0',
        'post[one]': title,
        'post[two]': `<p>${body}</p>`,
        'post[tags]': tags,
      })
    ).post.id;
  const ids = {
    lighthouse: await write('Lighthouse keeper', 'The keeper polished the great lens at dusk.', 'lighthouses,coast'),
    marmalade: await write('Seville oranges', 'Bitter marmalade simmered all afternoon.', 'breakfast,preserves'),
    tidepool: await write('Low tide', 'Anemones and periwinkles in the rock pools.', 'tidepools,coast'),
  };

  // Her own posts are on her dashboard; her name on one opens her blog in the drawer.
  await page.goto('/dashboard');
  await postArticle(page, ids.lighthouse).getByRole('link', { name: blogger.blogName, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `${blogger.blogName} (blog viewer)` });
  const blogPosts = drawer.getByRole('region', { name: `Posts of ${blogger.blogName}` });
  await postArticle(blogPosts, ids.marmalade).waitFor();
  const input = drawer.getByRole('combobox', { name: `Search ${blogger.blogName}` });

  await t.test('Tab reaches the search toggle, Enter opens the search with the input focused', async () => {
    const toggle = drawer.getByRole('button', { name: 'Search', exact: true });
    await page.keyboard.press('Tab');
    assert.ok(await toggle.evaluate((el) => el === document.activeElement), 'the toggle has the focus');
    await page.keyboard.press('Enter');
    assert.equal(await input.getAttribute('placeholder'), `Search ${blogger.blogName}`);
    // The input takes the focus 300 ms after the search opens.
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
  });

  await t.test('a word and Enter list only the post that has it, in place of the posts', async () => {
    await page.keyboard.type('marmalade');
    await page.keyboard.press('Enter');
    const results = drawer.getByRole('region', { name: 'Search results for marmalade' });
    await postArticle(results, ids.marmalade).waitFor();
    assert.deepEqual(await idsIn(results), [ids.marmalade]);
    assert.equal(await blogPosts.count(), 0, 'the blog’s own posts give way to the results');
  });

  await t.test("part of a tag shows it under 'Popular Tags:'; the arrow keys and Enter search for it", async () => {
    await page.keyboard.press('Control+A');
    await page.keyboard.type('tidep');
    const tags = drawer.getByRole('listbox', { name: 'Popular Tags:' });
    await tags.getByRole('option', { name: '#tidepools' }).waitFor();
    assert.deepEqual(await tags.getByRole('option').allTextContents(), ['#tidepools']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tags.waitFor({ state: 'detached' });
    assert.equal(await input.inputValue(), 'tidepools');
    const results = drawer.getByRole('region', { name: 'Search results for tidepools' });
    await postArticle(results, ids.tidepool).waitFor();
    assert.deepEqual(await idsIn(results), [ids.tidepool]);
  });

  await t.test("a word found nowhere says 'Nothing here about {term}.'", async () => {
    await page.keyboard.press('Control+A');
    await page.keyboard.type('zeppelin');
    await page.keyboard.press('Enter');
    const results = drawer.getByRole('region', { name: 'Search results for zeppelin' });
    await results.getByText('Nothing here about zeppelin.', { exact: true }).waitFor();
    assert.equal(await results.locator('article.post').count(), 0);
  });

  await t.test('clearing brings the blog’s posts back; Escape closes the drawer', async () => {
    await drawer.getByRole('button', { name: 'Clear search' }).click();
    await postArticle(blogPosts, ids.marmalade).waitFor();
    assert.equal(await input.count(), 0, 'the search is closed');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });

  await t.test('the header’s search box goes to /search/{term} and finds the post across blogs', async () => {
    const box = page.getByRole('searchbox', { name: 'Search posts' });
    await box.fill('lighthouse');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search/lighthouse');
    const results = page.getByRole('feed', { name: 'Search results for lighthouse' });
    await postArticle(results, ids.lighthouse).waitFor();
    assert.deepEqual(await idsIn(results), [ids.lighthouse]);
    assert.equal(new URL(page.url()).searchParams.get('q'), null, 'q is left out of /search/{term}');

    // A filter changes the address, the term staying in the path.
    await page.getByRole('radio', { name: 'Recent Posts' }).check();
    await page.waitForURL((url) => url.pathname === '/search/lighthouse' && url.searchParams.get('sort') === 'recent');
    await postArticle(page.getByRole('feed', { name: 'Search results for lighthouse' }), ids.lighthouse).waitFor();
  });

  await t.test('no script errors', () => {
    assert.deepEqual(page.errors, []);
  });
});
