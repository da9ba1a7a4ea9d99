// The user's apps through the query cache: the list as the server last answered it, and the
// calls that change it, each writing its answer into the same entry.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { createApp, fetchApps, revokeApp, type AppView, type NewApp } from '../../api/appEndpoints';
import { loadError } from '../../api/queryClient';

const APPS_KEY = ['apps'];

export interface Apps {
  /** Newest first; undefined until the first answer. */
  apps: AppView[] | undefined;
  /** Why the list could not be read. */
  error: string | null;
  retry(): void;
  /** Makes an app; rejects with the server's reason (a bad or taken name, too many apps). */
  create(name: string): Promise<NewApp>;
  /** Revokes an app: its token stops working at once. */
  revoke(id: number): Promise<void>;
}

export function useApps(): Apps {
  const api = useApi();
  const queryClient = useQueryClient();
  const load = useQuery({ queryKey: APPS_KEY, queryFn: () => fetchApps(api) });
  return {
    apps: load.data,
    error: loadError(load),
    retry: () => void load.refetch(),
    create: async (name) => {
      const made = await createApp(api, name);
      // The create answers the new app alone: it goes first, as the list is newest first.
      queryClient.setQueryData<AppView[]>(APPS_KEY, (apps = []) => [made.app, ...apps.filter((a) => a.id !== made.app.id)]);
      return made;
    },
    revoke: async (id) => {
      queryClient.setQueryData<AppView[]>(APPS_KEY, await revokeApp(api, id));
    },
  };
}
