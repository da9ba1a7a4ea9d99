import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { useSession } from '../session';

/** Renders its page for logged-in users; a visitor is sent to /login (and back afterwards). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const session = useSession();
  const [location] = useLocation();
  const search = useSearch();
  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'failed') {
    return <LoadError message={session.loadError ?? 'Could not load your account.'} onRetry={session.refresh} />;
  }
  if (!session.user) {
    const here = search ? `${location}?${search}` : location;
    const query = here === '/' || here === '/dashboard' ? '' : `?redirect_to=${encodeURIComponent(here)}`;
    return <Redirect to={`/login${query}`} replace />;
  }
  return <>{children}</>;
}

/** Waits for the session to load before rendering a page that works for everyone. */
export function WaitForSession({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'failed') {
    return <LoadError message={session.loadError ?? 'Could not load your account.'} onRetry={session.refresh} />;
  }
  return <>{children}</>;
}
