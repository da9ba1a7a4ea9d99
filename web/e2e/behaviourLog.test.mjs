// End-to-end: behaviour logging (spec 002 §7 Logging, §9). A visitor's pages are logged in a
// batch that leaves with a beacon when the page is hidden; the server takes it and counts it
// in /metrics, and a search from the header is logged too.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startStack, trackErrors } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

/** A sample of /metrics, or 0. */
async function metric(line) {
  const text = await (await fetch(`${stack.baseURL}/metrics`)).text();
  const found = text.split('\n').find((l) => l.startsWith(line));
  return found ? Number(found.slice(line.length).trim()) : 0;
}

test('page views and a search leave in a beacon when the page is hidden', async () => {
  const accepted = 'dashwire_client_log_requests_total{endpoint="lady",outcome="accepted"}';
  const before = await metric(accepted);
  const eventsBefore = await metric('dashwire_client_log_events_total');
  const { page } = await stack.newPage();
  trackErrors(page);
  await page.goto('/search/lanterns');
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('harbour');
  await page.getByRole('searchbox', { name: 'Search posts' }).press('Enter');
  await page.waitForURL(/\/search\/harbour/);
  // The page is hidden (a tab switched away): the batch leaves at once, not after 15 s.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const deadline = Date.now() + 10_000;
  while ((await metric(accepted)) <= before) {
    assert.ok(Date.now() < deadline, 'no behaviour log reached the server');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Two page views (the search page, then the new search) and the search itself.
  assert.ok((await metric('dashwire_client_log_events_total')) - eventsBefore >= 3);
  await page.context().close();
});
