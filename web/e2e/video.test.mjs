// End-to-end: uploaded videos made playable by the server's ffmpeg, and the custom player
// (spec 002 §2, §4). A MOV (which chromium cannot play as uploaded) goes through processing
// and out; a broken file waits on the Processing page, failed, with 'Try again'. On the
// post's page the player plays the SD rendition, and switching to HD keeps the position and
// keeps playing.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { apiPost, register, startStack, uniqueSuffix, userInfo } from './support.mjs';

let stack;

before(async () => {
  // Failed tries are tried again at once, so the broken video fails within seconds.
  stack = await startStack({ serverArgs: ['--video-retry-secs', '0'] });
});

after(async () => {
  await stack?.stop();
});

/** A `seconds` long 320 × 240 clip with a tone, as a phone's MOV, made by ffmpeg. */
async function clip(seconds) {
  const dir = await mkdtemp(path.join(tmpdir(), 'dashwire-e2e-clip-'));
  const file = path.join(dir, 'clip.mov');
  const made = spawnSync('ffmpeg', [
    '-nostdin', '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=size=320x240:rate=15:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'mpeg4', '-c:a', 'aac', '-shortest', file,
  ]);
  assert.equal(made.status, 0, `ffmpeg: ${made.stderr}`);
  const bytes = await readFile(file);
  await rm(dir, { recursive: true, force: true });
  return bytes;
}

async function uploadVideo(page, formKey, name, buffer, mimeType) {
  const res = await page.request.post('/svc/post/upload_video', {
    headers: { 'x-form-key': formKey },
    multipart: { video: { name, mimeType, buffer } },
  });
  assert.equal(res.status(), 200, await res.text());
  return (await res.json()).response.url;
}

async function postVideo(page, formKey, blog, url) {
  const saved = await apiPost(page, formKey, '/svc/post/update', {
    channel_id: blog,
    'post[type]': 'video',
    'post[one]': url,
    'post[two]': '<p>My clip</p>',
    'post[state]': '0',
    confirm_tos: '1',
  });
  return saved.post.id;
}

/** The post once it is out, as its blog page answers it. */
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

test('video: processed for every browser, failures on the Processing page, HD keeps the position', async () => {
  const { page } = await stack.newPage();
  const suffix = uniqueSuffix();
  const blog = `vid${suffix}`;
  await register(page, { email: `vid${suffix}@example.com`, password: 'correct horse', blogName: blog });
  const formKey = (await userInfo(page)).form_key;

  const mov = await clip(6);
  const url = await uploadVideo(page, formKey, 'clip.mov', mov, 'video/quicktime');
  const canPlayAsUploaded = await page.evaluate(() => document.createElement('video').canPlayType('video/quicktime'));
  assert.equal(canPlayAsUploaded, '', 'this browser cannot play the upload as it came: processing is what makes it play');
  const id = await postVideo(page, formKey, blog, url);
  // MP4 by its first bytes and nothing a decoder can read after them.
  const broken = Buffer.concat([Buffer.from('\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom', 'latin1'), Buffer.alloc(4096, 7)]);
  const brokenUrl = await uploadVideo(page, formKey, 'broken.mp4', broken, 'video/mp4');
  await postVideo(page, formKey, blog, brokenUrl);

  // The broken one waits on the Processing page with the reason and another try.
  await page.goto(`/blog/${blog}/processing`);
  await page.getByText('This video could not be processed.').first().waitFor({ timeout: 60_000 });
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await tryAgain.waitFor();
  await tryAgain.click();
  await page.getByText(/Waiting to be processed|Processing your video|could not be processed/).first().waitFor();

  // The good one went out, made into MP4s.
  const post = await published(page, blog, id);
  const processed = post.content.processed;
  assert.ok(processed?.hd_url && processed?.sd_url, JSON.stringify(post.content));
  await page.goto(`/blog/${blog}/post/${id}`);
  const player = page.getByRole('group', { name: 'Video' });
  await player.waitFor();
  const video = player.locator('video');
  assert.equal(await video.getAttribute('src'), processed.sd_url, 'SD first');
  assert.equal(await video.getAttribute('poster'), processed.poster_url);
  await player.getByRole('button', { name: 'Play' }).first().click();
  await page.waitForFunction((v) => v.currentTime > 1.5, await video.elementHandle(), { timeout: 20_000 });

  // Where the HD source plays from: every position it reports once it can play on.
  await video.evaluate((v, hd) => {
    window.hdPositions = [];
    v.addEventListener('timeupdate', () => {
      if (v.currentSrc.endsWith(hd) && !v.seeking && v.readyState >= 3) window.hdPositions.push(v.currentTime);
    });
  }, processed.hd_url);
  const before = await video.evaluate((v) => v.currentTime);
  await player.getByRole('button', { name: 'Switch to HD' }).click();
  // The switch: the new source, from where it was, playing on.
  await page.waitForFunction(
    ({ v, hd, at }) => v.currentSrc.endsWith(hd) && !v.paused && v.currentTime > at + 0.1,
    { v: await video.elementHandle(), hd: processed.hd_url, at: before },
    { timeout: 20_000 },
  );
  const positions = await page.evaluate(() => window.hdPositions);
  assert.ok(positions.length > 0);
  assert.ok(
    Math.min(...positions) >= before - 0.3,
    `HD went on from ${before} s, not from the start: it played at ${positions.join(', ')}`,
  );
  await player.getByRole('button', { name: 'Switch to SD' }).waitFor();
  assert.deepEqual(page.errors, []);
});
