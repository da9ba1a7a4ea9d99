// The app: providers (long-lived clients and shared state), the page header, and the routes.
import { lazy, Suspense, useCallback, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { ApiProvider } from './api/ApiProvider';
import type { ApiClient } from './api/client';
import { QueryProvider } from './api/QueryProvider';
import { BlogViewerProvider } from './components/blogViewerOpener';
import { PageLoader } from './components/PageLoader';
import { archiveViewOf } from './features/archive';
import type { OwnerPostsPage } from './features/blogPage';
import { BehaviourLogProvider } from './features/behaviourLog';
import { BlogStoreProvider } from './features/blogs';
import { BlogViewerDrawer } from './features/blogViewer';
import { ComposerHost, ComposerProvider, useComposer } from './features/composer';
import { DialogProvider } from './features/dialogs';
import { DockingProvider } from './features/docking';
import { DrawerHost, DrawerProvider } from './features/drawer';
import { HeaderProvider, PageHeader, useHeader } from './features/header';
import { MessagingLinkRoute, MessagingProvider, type MessagingLink } from './features/messaging';
import { MobileHeader, useIsPhone } from './features/mobile';
import { NotFoundPage } from './features/notFound';
import { RealtimeProvider } from './api/realtime';
import { RequireLogin, WaitForSession } from './features/routing/RequireLogin';
import { pathSegment } from './features/search';
import { SessionProvider, useSession } from './features/session';
import { SuspensionProvider } from './features/suspension';

/**
 * A page whose code loads the first time its route shows, so that the first page's JavaScript
 * stays within its budget (issue 35, web/scripts/bundle-budget.mjs). The pages of a feature
 * whose index the first page imports come from their own modules: that index leaves them out,
 * or it would bring them into the first chunk. (ComponentType<any> is React.lazy's own bound:
 * the pages' props differ.)
 */
function lazyPage<K extends string, M extends Record<K, ComponentType<any>>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}

const loadAnalytics = () => import('./features/analytics');
const BlogAnalyticsPage = lazyPage(loadAnalytics, 'BlogAnalyticsPage');
const ReachPage = lazyPage(loadAnalytics, 'ReachPage');
const ActivityPage = lazyPage(() => import('./features/activity/components/ActivityPage'), 'ActivityPage');
const EditAppearancePage = lazyPage(() => import('./features/appearance'), 'EditAppearancePage');
const BlogArchivePage = lazyPage(() => import('./features/archive/components/BlogArchivePage'), 'BlogArchivePage');
const loadBlogPages = () => import('./features/blogPage');
const BlogActivityPage = lazyPage(loadBlogPages, 'BlogActivityPage');
const BlogFollowersPage = lazyPage(loadBlogPages, 'BlogFollowersPage');
const BlogMembersPage = lazyPage(loadBlogPages, 'BlogMembersPage');
const BlogOwnerPostsPage = lazyPage(loadBlogPages, 'BlogOwnerPostsPage');
const BlogPage = lazyPage(loadBlogPages, 'BlogPage');
const BlogPostPage = lazyPage(loadBlogPages, 'BlogPostPage');
const BlogTagPage = lazyPage(loadBlogPages, 'BlogTagPage');
const loadDashboard = () => import('./features/dashboard');
const DashboardPage = lazyPage(loadDashboard, 'DashboardPage');
const ExplorePage = lazyPage(loadDashboard, 'ExplorePage');
const FollowPage = lazyPage(() => import('./features/follow'), 'FollowPage');
const FollowingPage = lazyPage(() => import('./features/following'), 'FollowingPage');
const HelpPage = lazyPage(() => import('./features/help'), 'HelpPage');
const LikesPage = lazyPage(() => import('./features/likes'), 'LikesPage');
const LoginPage = lazyPage(() => import('./features/login'), 'LoginPage');
const MessagingPage = lazyPage(() => import('./features/messaging/components/MessagingPage'), 'MessagingPage');
const ReportsPage = lazyPage(() => import('./features/moderation/components/ReportsPage'), 'ReportsPage');
const NewBlogPage = lazyPage(() => import('./features/newBlog'), 'NewBlogPage');
const OutboxPage = lazyPage(() => import('./features/outbox'), 'OutboxPage');
const SearchPage = lazyPage(() => import('./features/search/components/SearchPage'), 'SearchPage');
const TaggedPage = lazyPage(() => import('./features/search/components/TaggedPage'), 'TaggedPage');
const loadSettings = () => import('./features/settings');
const PasswordPage = lazyPage(loadSettings, 'PasswordPage');
const SettingsPage = lazyPage(loadSettings, 'SettingsPage');

/**
 * The socket as the session's user (a visitor's reads public channels only), opened once the
 * session is known; when the server ends the session, the session finds out who we are now.
 * The app composes the two: realtime is below the features, the session is one.
 */
function SessionRealtimeProvider({ children }: { children: ReactNode }) {
  const { isLoggedIn, status, refresh } = useSession();
  return (
    <RealtimeProvider connectAs={status === 'ready' ? (isLoggedIn ? 'user' : 'visitor') : null} onSessionEnded={() => void refresh()}>
      {children}
    </RealtimeProvider>
  );
}

export function App({ client }: { client?: ApiClient }) {
  // Below the phone breakpoint the mobile header and drawer replace the page header.
  const phone = useIsPhone();
  return (
    <ApiProvider client={client}>
      <QueryProvider>
        <BehaviourLogProvider>
          <SessionProvider>
            <SuspensionProvider>
              <DialogProvider>
                <DrawerProvider>
                  <BlogStoreProvider>
                    <HeaderProvider>
                      <SessionRealtimeProvider>
                        <MessagingProvider>
                          <ComposerProvider>
                            <BlogViewerProvider>
                              <DockingProvider>
                                {phone ? <MobileHeader /> : <PageHeader />}
                                <main className="app-main" id="main">
                                  <Suspense fallback={<PageLoader />}>
                                    <Routes />
                                  </Suspense>
                                </main>
                                <BlogViewerDrawer />
                                <DrawerHost />
                                <ComposerHost />
                              </DockingProvider>
                            </BlogViewerProvider>
                          </ComposerProvider>
                        </MessagingProvider>
                      </SessionRealtimeProvider>
                    </HeaderProvider>
                  </BlogStoreProvider>
                </DrawerProvider>
              </DialogProvider>
            </SuspensionProvider>
          </SessionProvider>
        </BehaviourLogProvider>
      </QueryProvider>
    </ApiProvider>
  );
}

/**
 * A messaging link's route (spec 000 §2.8), where the app puts two features together: the
 * compose link opens the inbox popover, which is the page header's (features/header shows
 * messaging's popover, so messaging cannot import the header back).
 */
function MessagingLinkPage({ link }: { link: MessagingLink }) {
  const { setPanel } = useHeader();
  const openInboxPopover = useCallback(() => setPanel('messaging'), [setPanel]);
  return <MessagingLinkRoute link={link} openInboxPopover={openInboxPopover} />;
}

/** The owner's pages of a blog, where the account menu's per-blog links go (spec 000 §2.1). */
const OWNER_POST_PAGES: OwnerPostsPage[] = ['drafts', 'queue', 'processing', 'inbox'];

function Routes() {
  // While the composer is open (spec 001 §2: /new/{type}, /edit/{id}, /reblog/{id}/{key}), the
  // page under it is the one it was opened over.
  // A save in queue context loads the page again (spec 001 §4 After save): a new key remounts it.
  const { pageLocation, pageLoads } = useComposer();
  return (
    <Switch key={pageLoads} location={pageLocation}>
      <Route path="/">
        <RequireLogin>
          <DashboardPage />
        </RequireLogin>
      </Route>
      <Route path="/dashboard">
        <RequireLogin>
          <DashboardPage />
        </RequireLogin>
      </Route>
      <Route path="/explore">
        <WaitForSession>
          <ExplorePage />
        </WaitForSession>
      </Route>
      <Route path="/login">
        <WaitForSession>
          <LoginPage />
        </WaitForSession>
      </Route>
      {/* The mobile splash's register link (spec 000 §2.12: /register?from_splash=1). */}
      <Route path="/register">
        <Redirect to="/login?mode=register" replace />
      </Route>
      <Route path="/new/blog">
        <RequireLogin>
          <NewBlogPage />
        </RequireLogin>
      </Route>
      <Route path="/following">
        <RequireLogin>
          <FollowingPage />
        </RequireLogin>
      </Route>
      <Route path="/likes">
        <RequireLogin>
          <LikesPage />
        </RequireLogin>
      </Route>
      <Route path="/settings">
        <RequireLogin>
          <SettingsPage />
        </RequireLogin>
      </Route>
      <Route path="/settings/password">
        <RequireLogin>
          <PasswordPage />
        </RequireLogin>
      </Route>
      {/* Edit appearance (spec 000 §2.1: only for a blog the user can customize). */}
      <Route path="/settings/blog/:name">
        {(params) => (
          <RequireLogin>
            <EditAppearancePage key={params.name} name={params.name} />
          </RequireLogin>
        )}
      </Route>
      <Route path="/help">
        <WaitForSession>
          <HelpPage />
        </WaitForSession>
      </Route>
      {/* Reach in the account menu (spec 000 §2.1): one of the user's blogs' reach. */}
      <Route path="/radar/analytics">
        <RequireLogin>
          <ReachPage />
        </RequireLogin>
      </Route>
      <Route path="/admin/outbox">
        <RequireLogin>
          <OutboxPage />
        </RequireLogin>
      </Route>
      {/* The moderators' queue: the reports people filed by flagging posts and blogs. */}
      <Route path="/admin/reports">
        <RequireLogin>
          <ReportsPage />
        </RequireLogin>
      </Route>
      {/* The header's messaging and activity popovers as pages: the mobile drawer's way to them
          (a phone has no room for the header's tabs). */}
      <Route path="/messaging">
        <RequireLogin>
          <MessagingPage />
        </RequireLogin>
      </Route>
      <Route path="/activity">
        <RequireLogin>
          <ActivityPage />
        </RequireLogin>
      </Route>
      <Route path="/conversation/new/:name">
        {(params) => (
          <RequireLogin>
            <MessagingLinkPage link={{ kind: 'conversationWith', name: params.name }} />
          </RequireLogin>
        )}
      </Route>
      <Route path="/conversation/:id">
        {(params) => (
          <RequireLogin>
            <MessagingLinkPage link={{ kind: 'conversation', id: Number(params.id) }} />
          </RequireLogin>
        )}
      </Route>
      <Route path="/messaging/conversation/:name">
        {(params) => (
          <RequireLogin>
            <MessagingLinkPage link={{ kind: 'conversationWith', name: params.name }} />
          </RequireLogin>
        )}
      </Route>
      <Route path="/messaging/new">
        <RequireLogin>
          <MessagingLinkPage link={{ kind: 'compose' }} />
        </RequireLogin>
      </Route>
      {/* Search across blogs (spec 000 §2.12): the header's GET form lands on /search?q=. */}
      <Route path="/search">
        <WaitForSession>
          <SearchPage />
        </WaitForSession>
      </Route>
      <Route path="/search/:term">
        {(params) => (
          <WaitForSession>
            <SearchPage pathTerm={params.term} />
          </WaitForSession>
        )}
      </Route>
      <Route path="/tagged/:tag">
        {(params) => (
          <WaitForSession>
            <TaggedPage key={params.tag} tag={pathSegment(params.tag)} />
          </WaitForSession>
        )}
      </Route>
      <Route path="/follow/:name">
        {(params) => <FollowPage name={params.name} />}
      </Route>
      <Route path="/blog/:name">
        {(params) => (
          <WaitForSession>
            <BlogPage key={params.name} name={params.name} />
          </WaitForSession>
        )}
      </Route>
      <Route path="/blog/:name/tagged/:tag">
        {(params) => (
          <WaitForSession>
            <BlogTagPage key={`${params.name}/${params.tag}`} name={params.name} tag={params.tag} />
          </WaitForSession>
        )}
      </Route>
      {/* The archive (spec 002 §2): tagged/{tag}, filter-by/{type}, {year}/{month}; any other
          path under it shows the whole of it. */}
      <Route path="/blog/:name/archive/*?">
        {(params) => (
          <WaitForSession>
            <BlogArchivePage key={params.name} name={params.name} view={archiveViewOf(params['*'])} />
          </WaitForSession>
        )}
      </Route>
      <Route path="/blog/:name/followers">
        {(params) => (
          <WaitForSession>
            <BlogFollowersPage key={params.name} name={params.name} />
          </WaitForSession>
        )}
      </Route>
      {/* The blog's analytics_url and {dashboard_url}/members (spec 000 §2.1). */}
      <Route path="/blog/:name/analytics">
        {(params) => (
          <RequireLogin>
            <BlogAnalyticsPage key={params.name} name={params.name} />
          </RequireLogin>
        )}
      </Route>
      <Route path="/blog/:name/members">
        {(params) => (
          <RequireLogin>
            <BlogMembersPage key={params.name} name={params.name} />
          </RequireLogin>
        )}
      </Route>
      <Route path="/blog/:name/activity">
        {(params) => (
          <RequireLogin>
            <BlogActivityPage key={params.name} name={params.name} />
          </RequireLogin>
        )}
      </Route>
      <Route path="/blog/:name/post/:id/:slug?">
        {(params) => (
          <WaitForSession>
            <BlogPostPage key={`${params.name}/${params.id}`} name={params.name} postId={Number(params.id)} />
          </WaitForSession>
        )}
      </Route>
      {OWNER_POST_PAGES.map((page) => (
        <Route key={page} path={`/blog/:name/${page}`}>
          {(params) => (
            <RequireLogin>
              <BlogOwnerPostsPage key={params.name} name={params.name} page={page} />
            </RequireLogin>
          )}
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
