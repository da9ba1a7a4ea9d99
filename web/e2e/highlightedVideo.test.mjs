// End-to-end: a video post without a caption has a preview among its blog's highlighted posts
// (spec 000 §2.5 Blog card): the poster frame the server's processing made, as a photo post
// shows its photo, not an empty tile.
// The tiles are HTML the server renders (GET /svc/{blog}/posts/highlighted, src/posts/
// highlighted.rs).
//
//   npm run build && DASHWIRE_BIN=../target/debug/dashwire node --test e2e/highlightedVideo.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { apiPost, register, startStack, uniqueSuffix, userInfo } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

/** A one-second 320 × 240 MP4, made by ffmpeg. */
async function clip() {
  const dir = await mkdtemp(path.join(tmpdir(), 'dashwire-e2e-clip-'));
  const file = path.join(dir, 'clip.mp4');
  const made = spawnSync('ffmpeg', [
    '-nostdin', '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10:duration=1',
    '-pix_fmt', 'yuv420p', file,
  ]);
  assert.equal(made.status, 0, `ffmpeg: ${made.stderr}`);
  const bytes = await readFile(file);
  await rm(dir, { recursive: true, force: true });
  return bytes;
}

/** The post once processing let it out, as its blog page answers it. */
async function published(page, blog, id) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await page.request.get(`/svc/indash_blog/posts?tumblelog_name_or_id=${blog}&post_id=${id}&limit=1`);
    const post = (await res.json()).response.posts[0];
    if (post?.state === 'published') return post;
    assert.ok(Date.now() < deadline, `post ${id} did not go out: ${JSON.stringify(post)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

test(
  "highlighted posts: a video without a caption shows its poster",
  async () => {
    const { page } = await stack.newPage();
    const suffix = uniqueSuffix();
    const blog = `hlv${suffix}`;
    await register(page, { email: `hlv${suffix}@example.com`, password: 'correct horse', blogName: blog });
    const formKey = (await userInfo(page)).form_key;
    // Two more posts: the card shows its highlighted posts from 2 on.
    for (const title of ['First words', 'Second words']) {
      await apiPost(page, formKey, '/svc/post/update', { channel_id: blog, 'post[type]': 'text', 'post[one]': title, 'post[state]': '0' });
    }
    const upload = await page.request.post('/svc/post/upload_video', {
      headers: { 'x-form-key': formKey },
      multipart: { video: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: await clip() } },
    });
    assert.equal(upload.status(), 200, await upload.text());
    const saved = await apiPost(page, formKey, '/svc/post/update', {
      channel_id: blog,
      'post[type]': 'video',
      'post[one]': (await upload.json()).response.url,
      'post[two]': '',
      'post[state]': '0',
      confirm_tos: '1',
    });
    const post = await published(page, blog, saved.post.id);
    const poster = post.content.processed?.poster_url;
    assert.ok(poster, JSON.stringify(post.content));

    await page.goto(`/blog/${blog}`);
    const tile = page.locator('.blog-card__post', { has: page.locator(`a[href$="/post/${saved.post.id}"]`) });
    await tile.waitFor();
    const picture = tile.locator('img');
    assert.equal(await picture.count(), 1, `the tile shows: ${await tile.innerHTML()}`);
    assert.equal(await picture.getAttribute('src'), poster);
    await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await picture.elementHandle());
    const box = await picture.boundingBox();
    assert.ok(box.width > 50 && box.height > 50, `the poster fills the tile: ${JSON.stringify(box)}`);
    assert.deepEqual(page.errors, []);
  },
);
