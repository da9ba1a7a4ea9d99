import { createContext, useContext, useState, type ReactNode } from 'react';
import { ApiClient } from './client';

const ApiContext = createContext<ApiClient | null>(null);

/** Creates the one ApiClient for the app (or uses the one a test hands in). */
export function ApiProvider({ client, children }: { client?: ApiClient; children: ReactNode }) {
  const [api] = useState(() => client ?? new ApiClient());
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() must be used inside <ApiProvider>');
  return api;
}
