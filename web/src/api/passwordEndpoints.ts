// Changing one's password (docs/api.md "Accounts"): Settings → Change password.
import type { ApiClient } from './client';
import type { PasswordChanged } from './types/PasswordChanged';
import type { PasswordForm } from './types/PasswordForm';

/**
 * POST /svc/user/password: the current password and the new one. The user's other sessions
 * end; this one stays logged in.
 */
export async function changePassword(api: ApiClient, password: string, newPassword: string): Promise<void> {
  await api.post<PasswordChanged, PasswordForm>('/svc/user/password', { password, new_password: newPassword });
}
