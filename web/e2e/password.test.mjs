// End-to-end: changing one's password (docs/api.md "Accounts", POST /svc/user/password; spec
// 000 §2.12 /settings/password). A user logged in in two browsers changes it from Settings in
// one: a wrong current password is refused with the server's words, the change logs the other
// browser out, and the next login takes the new password and not the old.
//
//   npm run build && npm run e2e
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { register, startStack, text, uniqueSuffix } from './support.mjs';

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

async function logIn(page, email, password) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

test('a password changed in Settings logs the other browser out and is the one that logs in', async (t) => {
  const suffix = uniqueSuffix();
  const user = { email: `pw-${suffix}@example.com`, password: 'correct-horse-battery', blogName: `pw-${suffix}` };
  const { page } = await stack.newPage();
  await register(page, user);
  const { page: elsewhere } = await stack.newPage();
  await logIn(elsewhere, user.email, user.password);
  await elsewhere.waitForURL('**/dashboard');

  const form = page.getByRole('form', { name: 'Change password' });
  const fill = async (current, next) => {
    await form.getByLabel('Current password').fill(current);
    await form.getByLabel('New password', { exact: true }).fill(next);
    await form.getByLabel('New password again').fill(next);
    await form.getByRole('button', { name: 'Change password' }).click();
  };

  await t.test('Settings leads to the form; a wrong current password is refused', async () => {
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.waitForURL('**/settings/password');
    await fill('not-my-password', 'staple-battery-horse');
    assert.equal(await text(form.getByRole('alert')), 'Your current password is incorrect.');
  });

  await t.test('the change is said, and the other browser is logged out', async () => {
    await fill(user.password, 'staple-battery-horse');
    await form.getByRole('status').waitFor();
    assert.match(await text(form.getByRole('status')), /^Your password is changed\./);
    await elsewhere.reload();
    await elsewhere.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
  });

  await t.test('the old password no longer logs in; the new one does', async () => {
    const { page: fresh } = await stack.newPage();
    await logIn(fresh, user.email, user.password);
    await fresh.getByText('Your email or password were incorrect.').waitFor();
    await logIn(fresh, user.email, 'staple-battery-horse');
    await fresh.waitForURL('**/dashboard');
  });
});
