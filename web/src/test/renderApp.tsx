import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiProvider } from '../api/ApiProvider';
import type { ApiClient } from '../api/client';
import { createQueryClient } from '../api/queryClient';
import { QueryProvider } from '../api/QueryProvider';
import type { User } from '../api/models';
import { BlogStoreProvider } from '../features/blogs';
import { ComposerProvider } from '../features/composer';
import { DialogProvider } from '../features/dialogs';
import { DockingProvider } from '../features/docking';
import { DrawerProvider } from '../features/drawer';
import { MessagingProvider } from '../features/messaging';
import { FakeRealtime, FakeRealtimeProvider } from '../api/realtime/testing';
import type { RealtimeStatus } from '../api/realtime';
import { SessionProvider } from '../features/session';
import { SuspensionProvider } from '../features/suspension';

/**
 * Renders `ui` inside the app's providers, with a known user (or a visitor) and a memory
 * router (the drawer's host is not among them: a test that shows the drawer renders
 * <DrawerHost />). The realtime client is a fake: `realtime.emit(event)` plays a socket event, and
 * `realtimeStatus` sets what the socket is doing (open by default: no polling). Each render
 * has its own query cache, which does not retry: a failed fake answer shows at once.
 */
export function renderWithProviders(
  ui: ReactNode,
  {
    client,
    user,
    path = '/',
    realtimeStatus = 'open',
  }: { client: ApiClient; user: User | null; path?: string; realtimeStatus?: RealtimeStatus },
) {
  const location = memoryLocation({ path, record: true });
  const realtime = new FakeRealtime();
  const queryClient = createQueryClient({ retry: false });
  const tree = (status: RealtimeStatus) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      <ApiProvider client={client}>
        <QueryProvider client={queryClient}>
          <SessionProvider initialUser={user}>
            <SuspensionProvider>
              <DialogProvider>
                <DrawerProvider>
                  <BlogStoreProvider>
                    <FakeRealtimeProvider realtime={realtime} status={status}>
                      <MessagingProvider>
                        <ComposerProvider>
                          <DockingProvider>{ui}</DockingProvider>
                        </ComposerProvider>
                      </MessagingProvider>
                    </FakeRealtimeProvider>
                  </BlogStoreProvider>
                </DrawerProvider>
              </DialogProvider>
            </SuspensionProvider>
          </SessionProvider>
        </QueryProvider>
      </ApiProvider>
    </Router>
  );
  const result = render(tree(realtimeStatus));
  /** Changes what the fake socket is doing (e.g. 'closed' to start polling). */
  const setRealtimeStatus = (status: RealtimeStatus) => result.rerender(tree(status));
  return { ...result, location, realtime, setRealtimeStatus, queryClient };
}
