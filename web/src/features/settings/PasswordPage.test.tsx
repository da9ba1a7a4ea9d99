import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { PASSWORD_CHANGED, PASSWORDS_DIFFER, PasswordPage } from './PasswordPage';

function fill(current: string, next: string, again: string) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('New password again'), { target: { value: again } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('Change password (/settings/password)', () => {
  it('refuses two different new passwords before asking the server', () => {
    const { client, requests } = fakeApi({});
    renderWithProviders(<PasswordPage />, { client, user: user() });
    fill('correct horse', 'battery staple', 'battery stable');
    expect(screen.getByRole('alert').textContent).toBe(PASSWORDS_DIFFER);
    expect(requests).toHaveLength(0);
  });

  it("shows the server's refusal, then says the change is done and empties the form", async () => {
    let wrong = true;
    const { client, requests } = fakeApi({
      'POST /svc/user/password': () =>
        wrong
          ? { status: 403, errors: [{ code: 'invalid_credentials', detail: 'Your current password is incorrect.' }] }
          : { response: { changed: true } },
    });
    renderWithProviders(<PasswordPage />, { client, user: user() });
    fill('not it', 'battery staple', 'battery staple');
    expect((await screen.findByRole('alert')).textContent).toBe('Your current password is incorrect.');
    wrong = false;
    fill('correct horse', 'battery staple', 'battery staple');
    expect((await screen.findByRole('status')).textContent).toBe(PASSWORD_CHANGED);
    await waitFor(() => expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe(''));
    expect(requests.at(-1)!.form.get('new_password')).toBe('battery staple');
    expect(requests.at(-1)!.form.get('password')).toBe('correct horse');
  });
});
