import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiProvider } from '../api/ApiProvider';
import type { ApiClient } from '../api/client';
import type { User } from '../api/models';
import { BlogStoreProvider } from '../features/blogs';
import { DialogProvider } from '../features/dialogs';
import { SessionProvider } from '../features/session';

/** Renders `ui` inside the app's providers, with a known user (or a visitor) and a memory router. */
export function renderWithProviders(
  ui: ReactNode,
  { client, user, path = '/' }: { client: ApiClient; user: User | null; path?: string },
) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <ApiProvider client={client}>
        <SessionProvider initialUser={user}>
          <DialogProvider>
            <BlogStoreProvider>{ui}</BlogStoreProvider>
          </DialogProvider>
        </SessionProvider>
      </ApiProvider>
    </Router>,
  );
  return { ...result, location };
}
