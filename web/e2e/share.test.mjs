// End-to-end: the share popover (spec 002 §2, §4, §5, §7). A reader shares a blog's post by
// email from his dashboard with the keyboard alone: Share opens the popover with the focus in
// it, Email opens the form, Ctrl+Enter sends, the button says 'Sent!' and the popover fades
// out, giving the focus back to Share. The server delivers the mail to a real SMTP server
// (aiosmtpd, writing a maildir), where the test reads it. Then Embed shows the post's embed
// code, and Copy copies it.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { apiPost, register, startStack, trackErrors, uniqueSuffix, userInfo } from './support.mjs';

let stack;
let smtp;

/** A port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on the port. */
function accepts(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** aiosmtpd on a free port, keeping every mail it takes in `dir`/new. */
async function startSmtp() {
  const root = await mkdtemp(path.join(tmpdir(), 'dashwire-e2e-mail-'));
  // aiosmtpd makes the maildir (cur, new, tmp) only where there is nothing yet.
  const dir = path.join(root, 'maildir');
  const port = await freePort();
  let log = '';
  const server = spawn(
    'python3',
    ['-m', 'aiosmtpd', '-n', '-l', `127.0.0.1:${port}`, '-c', 'aiosmtpd.handlers.Mailbox', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout.on('data', (d) => (log += d));
  server.stderr.on('data', (d) => (log += d));
  const deadline = Date.now() + 15_000;
  while (!(await accepts(port))) {
    assert.ok(server.exitCode === null && Date.now() < deadline, `aiosmtpd did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await rm(root, { recursive: true, force: true });
  };
  return { port, dir, stop };
}

/** The mails in the maildir, waiting up to 15 s for `count` of them. */
async function mails(dir, count) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const names = await readdir(path.join(dir, 'new'));
    if (names.length >= count) return Promise.all(names.map((n) => readFile(path.join(dir, 'new', n), 'utf8')));
    assert.ok(Date.now() < deadline, `${names.length} mails of ${count}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A mail's headers (lower-cased names) and its body, decoded as its transfer encoding says. */
function parseMail(raw) {
  const [head, ...rest] = raw.replace(/\r\n/g, '\n').split('\n\n');
  const headers = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = rest.join('\n\n');
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    body = Buffer.from(
      body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return { headers, body };
}

before(async () => {
  smtp = await startSmtp();
  stack = await startStack({ serverArgs: ['--smtp-url', `smtp://127.0.0.1:${smtp.port}`] });
});

after(async () => {
  await stack?.stop();
  await smtp?.stop();
});

const postArticle = (page, id) => page.locator(`article[data-post-id="${id}"]`);

test('share a post by email with the keyboard, and copy its embed code', async (t) => {
  const suffix = uniqueSuffix();
  const password = 'correct-horse-battery';
  const author = { email: `sa-${suffix}@example.com`, password, blogName: `sa-${suffix}` };
  const reader = { email: `sr-${suffix}@example.com`, password, blogName: `sr-${suffix}` };
  const { page: authorPage } = await stack.newPage();
  const { context, page } = await stack.newPage();
  trackErrors(page);
  await register(authorPage, author);
  await register(page, reader);
  const authorKey = (await userInfo(authorPage)).form_key;
  const readerKey = (await userInfo(page)).form_key;
  const saved = await apiPost(authorPage, authorKey, '/svc/post/update', {
    channel_id: author.blogName,
    'post[type]': 'text',
    'post[state]': '0',
    'post[one]': 'Harbour at noon',
    'post[two]': '<p>The ferry came in at twelve. <a href="/explore">Timetables</a></p>',
  });
  const id = saved.post.id;
  await apiPost(page, readerKey, '/svc/follow', { tumblelog: author.blogName });

  await page.goto('/dashboard');
  const post = postArticle(page, id);
  await post.waitFor();
  const share = post.getByRole('button', { name: 'Share', exact: true });
  const popover = page.getByRole('dialog', { name: 'Share this post' });

  /** Opens the popover from the keyboard; answers the share model it loaded. */
  const openWithKeyboard = async () => {
    const model = page.waitForResponse((res) => res.url().includes('/svc/share/popover'));
    await share.focus();
    await page.keyboard.press('Enter');
    const answer = await model;
    assert.equal(answer.status(), 200, await answer.text());
    await popover.getByRole('list', { name: 'Share options' }).waitFor();
    return (await answer.json()).response;
  };
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');

  await t.test('Email from the keyboard: Sent!, the popover fades out, and the mail arrives', async () => {
    const model = await openWithKeyboard();
    assert.equal(model.has_user, true);
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
    assert.equal(await focusedText(), 'Email', 'the focus is on the first option');

    await page.keyboard.press('Enter');
    const form = popover.getByRole('form', { name: 'Share by email' });
    await form.waitFor();
    const address = form.getByLabel('Email address');
    assert.equal(await address.evaluate((el) => el === document.activeElement), true, 'the address has the focus');
    await page.keyboard.type('friend@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('The ferry, at last.');
    const sent = page.waitForResponse((res) => res.url().endsWith('/svc/share/email'));
    await page.keyboard.press('Control+Enter');
    const answer = await sent;
    assert.equal(answer.status(), 200, await answer.text());
    assert.deepEqual((await answer.json()).response, { network: 'email', delivered: true });
    await form.getByRole('button', { name: 'Sent!' }).waitFor();
    await popover.waitFor({ state: 'detached' });
    assert.equal(await share.evaluate((el) => el === document.activeElement), true, 'the focus is back on Share');

    const [raw] = await mails(smtp.dir, 1);
    const mail = parseMail(raw);
    assert.equal(mail.headers.to, 'friend@example.com');
    assert.equal(mail.headers.subject, `${reader.blogName} shared a post from ${author.blogName}`);
    assert.ok(mail.body.includes(model.post_url), `the post's address in:\n${mail.body}`);
    assert.ok(mail.body.includes('The ferry, at last.'), `the message in:\n${mail.body}`);
  });

  let embedCode = '';
  await t.test('Embed shows the post’s embed code, and Copy copies it', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const model = await openWithKeyboard();
    await popover.getByRole('button', { name: 'Embed' }).click();
    const code = popover.getByLabel('Embed code');
    assert.equal(await code.inputValue(), model.embed_code);
    assert.ok(model.embed_code.includes(`/blog/${author.blogName}/post/${id}/embed`));
    await popover.getByRole('button', { name: 'Copy' }).click();
    await popover.getByRole('button', { name: 'Copied!' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), model.embed_code);
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    embedCode = model.embed_code;
  });

  await t.test('the embed code on another page frames the post at the post’s own height', async () => {
    // Another site, on a port of its own (a page the test only set would be no site to frame
    // the post, and Chromium keeps a public page from reaching the loopback server).
    const host = http.createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><body><h1>A page elsewhere</h1>${embedCode}</body></html>`);
    });
    await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
    after(() => host.close());
    const { page: elsewhere } = await stack.newPage();
    await elsewhere.goto(`http://127.0.0.1:${host.address().port}/`);
    const frame = elsewhere.locator('iframe[title="A post on dashwire"]');
    await frame.waitFor();
    // A title and a line: well under the 400 px the frame starts at, and more than nothing.
    await elsewhere.waitForFunction(() => {
      const el = document.querySelector('iframe[title="A post on dashwire"]');
      return el !== null && el.getBoundingClientRect().height < 400;
    });
    const height = await frame.evaluate((el) => el.getBoundingClientRect().height);
    const inside = await frame.contentFrame().locator('body').evaluate((body) => body.scrollHeight);
    assert.ok(height >= inside, `the frame (${height} px) shows all of the post (${inside} px)`);

    // A link in the post opens a tab of its own: the frame stays on the post.
    const inFrame = frame.contentFrame();
    const before = await inFrame.locator('body').evaluate(() => location.href);
    const [tab] = await Promise.all([elsewhere.waitForEvent('popup'), inFrame.getByRole('link', { name: 'Timetables' }).click()]);
    assert.ok(tab, 'a new tab');
    await tab.close();
    assert.equal(await inFrame.locator('body').evaluate(() => location.href), before);
  });

  await t.test('no script errors', () => {
    assert.deepEqual(page.errors, []);
  });
});
