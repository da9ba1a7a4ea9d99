// What every end-to-end test file shares: starting the real server (the built binary, which
// serves the built app from web/dist) on a free port with a fresh SQLite database, launching
// Debian's Chromium, and the browser steps several tests take (register, read the user model).
//
// The server binary comes from DASHWIRE_BIN (default ../target/debug/dashwire, relative to
// web/); Chromium from CHROMIUM_PATH (default /usr/bin/chromium).
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';

export const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.resolve(WEB_DIR, process.env.DASHWIRE_BIN ?? '../target/debug/dashwire');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** How long one step (a click, a wait for an element) may take. */
export const STEP_TIMEOUT = 15_000;

/**
 * The environment for the server under test: this one without the server's own settings
 * (DATABASE_URL, REDIS_URL, DASHWIRE_*), so a developer's exported settings (the README's
 * two-node setup exports REDIS_URL) cannot join the test server to a shared Redis.
 */
function serverEnv() {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name === 'DATABASE_URL' || name === 'REDIS_URL' || name.startsWith('DASHWIRE_')) delete env[name];
  }
  return env;
}

/** The address the server printed once it was listening (it binds port 0: no race). */
function listeningAddress(server, log) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`server did not start. Log:\n${log()}`)), 30_000);
    server.stdout.on('data', (d) => {
      seen += d;
      const match = /dashwire: listening on (http:\/\/\S+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`server exited. Log:\n${log()}`));
    });
  });
}

async function waitForHealth(server, url, deadlineMs, log) {
  const deadline = Date.now() + deadlineMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) return;
      lastError = `status ${res.status}`;
    } catch (err) {
      lastError = String(err);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer /healthz (${lastError}). Log:\n${log()}`);
}

/**
 * Starts the server and the browser. Call from `before`; call `stop()` from `after`.
 * `newPage()` opens a page in a new browser context (its own cookies) that records page
 * errors in `page.errors`. `makeAdmin(email)` makes an account an administrator.
 *
 * `allowPrivateFetch` starts the server with `--allow-private-fetch`, so that the URLs it
 * fetches for a user (a link's OpenGraph data, an image by URL) may be on 127.0.0.1, where a
 * test serves them; without it the server refuses loopback addresses, as in production.
 * `serverArgs` are more flags for `dashwire serve` (`['--smtp-url', 'smtp://…']`).
 * `browserArgs` are more flags for Chromium, after the usual ones (the webcam test's fake
 * camera: `['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']`).
 */
export async function startStack({ allowPrivateFetch = false, serverArgs = [], browserArgs = [] } = {}) {
  assert.ok(existsSync(BIN), `server binary not found at ${BIN} (set DASHWIRE_BIN)`);
  assert.ok(existsSync(path.join(WEB_DIR, 'dist', 'index.html')), 'web/dist missing: run npm run build');
  const tmp = await mkdtemp(path.join(tmpdir(), 'dashwire-e2e-'));
  let serverLog = '';
  const databaseUrl = `sqlite://${tmp}/e2e.db`;
  const args = ['serve', '--bind', '127.0.0.1:0', '--database-url', databaseUrl];
  if (allowPrivateFetch) args.push('--allow-private-fetch');
  args.push(...serverArgs);
  const server = spawn(
    BIN,
    args,
    { cwd: path.resolve(WEB_DIR, '..'), stdio: ['ignore', 'pipe', 'pipe'], env: serverEnv() },
  );
  server.stdout.on('data', (d) => (serverLog += d));
  server.stderr.on('data', (d) => (serverLog += d));
  let baseURL;
  try {
    baseURL = await listeningAddress(server, () => serverLog);
  } catch (err) {
    server.kill('SIGKILL');
    throw err;
  }

  let browser;
  const stop = async () => {
    await browser?.close();
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          server.kill('SIGKILL');
          resolve();
        }, 5_000);
        server.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    await rm(tmp, { recursive: true, force: true });
  };

  try {
    await waitForHealth(server, baseURL, 60_000, () => serverLog);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        ...browserArgs,
      ],
    });
  } catch (err) {
    await stop();
    throw err;
  }

  /**
   * A new browser context (its own cookies) with a page that records page errors. `options`
   * are more context options over the desktop default: a phone is
   * `{ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }`, and
   * `storageState` carries another context's cookies over.
   */
  async function newPage(options = {}) {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, ...options });
    context.setDefaultTimeout(STEP_TIMEOUT);
    const page = await context.newPage();
    trackErrors(page);
    return { context, page };
  }

  /**
   * Makes the account with `email` an administrator with `dashwire admin` on this server's
   * database (there is no other way to become one); its pages see it once loaded again.
   */
  async function makeAdmin(email) {
    await promisify(execFile)(BIN, ['admin', '--email', email, '--database-url', databaseUrl], {
      cwd: path.resolve(WEB_DIR, '..'),
      env: serverEnv(),
    });
  }

  return { baseURL, browser, newPage, makeAdmin, stop, serverLog: () => serverLog };
}

/** Collects the page's script errors in `page.errors`, for a test to assert there are none. */
export function trackErrors(page) {
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(String(err)));
  return page;
}

/** GET /svc/user/info with the page's cookies. */
export async function userInfo(page) {
  const res = await page.request.get('/svc/user/info');
  assert.equal(res.status(), 200);
  return (await res.json()).response;
}

/** POSTs a form with the page's session and `formKey`, asserting a 200; answers `response`. */
export async function apiPost(page, formKey, path, form) {
  const res = await page.request.post(path, { form: { ...form, form_key: formKey } });
  assert.equal(res.status(), 200, `${path}: ${await res.text()}`);
  return (await res.json()).response;
}

/** Waits until the page's socket is subscribed to `channel` (the server confirmed it). */
export function listening(page, channel) {
  return page.locator(`body[data-realtime-channels~="${channel}"]`).waitFor({ state: 'attached' });
}

/** Registers in the browser and waits for the dashboard. */
export async function register(page, { email, password, blogName }) {
  await page.goto('/login?mode=register');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByLabel('Blog name').fill(blogName);
  await form.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('button', { name: 'Account' }).waitFor();
}

/** A suffix that makes names and emails unique to one run. */
export function uniqueSuffix() {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** The text of an element with whitespace collapsed. */
export async function text(locator) {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * A tab of the page header (Account, Activity, Messages): named by its label and then its
 * unread badge, when there is one ("Messages 2 unread conversations").
 */
export const headerTab = (page, label) => page.getByRole('button', { name: new RegExp(`^${label}( |$)`) });

/** The open post form. */
export const composer = (page) => page.getByRole('dialog', { name: /post$/ });

/** Clicks the save button (named by its label) and returns the save answer's response. */
export async function saveWith(page, label = 'Post') {
  const answer = page.waitForResponse((res) => res.url().endsWith('/svc/post/update'));
  await composer(page).getByRole('button', { name: label, exact: true }).click();
  const res = await answer;
  assert.equal(res.status(), 200, await res.text());
  await composer(page).waitFor({ state: 'detached' });
  return (await res.json()).response;
}

/** Types into one of the form's rich-text editors. */
export async function typeRich(page, name, words) {
  await composer(page).getByRole('textbox', { name }).click();
  await page.keyboard.type(words);
}
