// Apps (docs/api.md "Apps: posting from a program"): the user's app tokens, which let a
// program of theirs post as them. Made and revoked in Settings → Apps. Apps are shown as the
// server answers them (their generated wire type): there is nothing to turn into a model.
import type { ApiClient } from './client';
import type { AppCreateForm } from './types/AppCreateForm';
import type { AppList } from './types/AppList';
import type { AppRevokeForm } from './types/AppRevokeForm';
import type { AppView } from './types/AppView';
import type { NewApp } from './types/NewApp';

export type { AppView, NewApp };

/** GET /svc/user/apps: the user's apps, newest first. Never from the HTTP cache. */
export async function fetchApps(api: ApiClient): Promise<AppView[]> {
  const list = await api.get<AppList>('/svc/user/apps', {}, { noCache: true });
  return list.apps;
}

/**
 * POST /svc/user/apps/create: a new app and its token. The token is in this answer only (the
 * server keeps its hash), so the caller must show it now or lose it.
 */
export function createApp(api: ApiClient, name: string): Promise<NewApp> {
  return api.post<NewApp, AppCreateForm>('/svc/user/apps/create', { name });
}

/** POST /svc/user/apps/revoke: its token stops working at once; answers the apps left. */
export async function revokeApp(api: ApiClient, id: number): Promise<AppView[]> {
  const list = await api.post<AppList, AppRevokeForm>('/svc/user/apps/revoke', { id });
  return list.apps;
}
