// Which composer is open, and over which page. A composer opens from its route (spec 001 §2:
// /new/{type}, /edit/{postId}, /reblog/{reblogId}/{reblogKey}) or, from fast compose,
// without changing the URL. The page under it is the base route: the page it was opened
// over (default /dashboard), which App's routes keep showing while the modal is up.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useSearch } from 'wouter';
import type { PostType } from '../../api/postModels';
import { DEFAULT_BASE_ROUTE, editPostPath, newPostPath, reblogPostPath } from '../../lib/composerPaths';
import { composerRouteOf, photoPrefillOf } from './composerRoutes';
import { useSuspended } from '../suspension';
import { TOAST_DELAY_MS, TOAST_SHOWN_MS } from './constants';
import type { ComposerRequest } from './model/initialModel';

/** An open composer. */
export interface OpenComposer {
  request: ComposerRequest;
  /** The page under it, where closing returns. */
  basePath: string;
  /** Opened by its route (closing navigates back) rather than by fast compose. */
  viaRoute: boolean;
  fromFastCompose: boolean;
  /**
   * Where the focus goes when it closes if what had the focus when it opened is gone: fast
   * compose's tile leaves with its drawer, so the control that opened fast compose.
   */
  returnFocus: HTMLElement | null;
  /** Changes on every opening, so that opening again starts a new form. */
  key: number;
}

export interface ComposerControls {
  /** The composer that is open, if any. */
  open: OpenComposer | null;
  /** The path the page under the composer shows (the current path when none is open). */
  pageLocation: string;
  /**
   * Opens a new post from fast compose: the URL is not updated (§2). `returnFocus` is what
   * opened fast compose, which has the focus again when the composer closes.
   */
  composeFromFastCompose(type: PostType, returnFocus: HTMLElement | null): void;
  /** Opens a new post by its route, over the current page. */
  openNewPost(type: PostType): void;
  /** Opens the edit route; passing the blog lets the fetch name it (`channel_id`). */
  openEdit(postId: number, blog?: string): void;
  /** Opens the reblog route; the type, when known, goes with the fetch (`post_type`). */
  openReblog(reblogId: number, reblogKey: string, postType?: PostType): void;
  close(): void;
  /**
   * Closes and loads the page under the composer again (§4 After save: in queue context the
   * page reloads to the base route). The app's routes are keyed by `pageLoads`.
   */
  reloadPage(): void;
  /** How many times the page has been reloaded so: a key for the page under the composer. */
  pageLoads: number;
  /** Shows a toast after the spec's delay (§4 After save). */
  showToast(message: string): void;
  /** The toast to show now: none while toasts are suspended (spec 000 §4 Tour guide). */
  toast: string | null;
}

const ComposerContext = createContext<ComposerControls | null>(null);

let openings = 0;

export function ComposerProvider({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const route = useMemo(() => composerRouteOf(location), [location]);
  // The last page that was not a composer route: where an edit or reblog route returns.
  const [lastPage, setLastPage] = useState(route ? DEFAULT_BASE_ROUTE : location);
  useEffect(() => {
    if (!route) setLastPage(location);
  }, [route, location]);
  // What the openers said that the route cannot carry: an edit's blog, a reblog's type.
  const hints = useRef<{ blog?: string; postType?: PostType }>({});
  const [fastCompose, setFastCompose] = useState<OpenComposer | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [pageLoads, setPageLoads] = useState(0);
  const toastTimers = useRef<number[]>([]);

  const routeKey = useMemo(() => (route ? ++openings : 0), [route]);
  // Read once, when the route opens: lastPage, the query and the hints are what was true then;
  // the route's own later changes of them must not move the page under the modal. So they are
  // not the memo's dependencies, on purpose.
  /* oxlint-disable react-hooks/exhaustive-deps */
  const fromRoute = useMemo<OpenComposer | null>(() => {
    if (!route) return null;
    let request = route.request;
    if (request.mode === 'new' && request.type === 'photo') {
      const prefill = photoPrefillOf(search);
      if (prefill) request = { ...request, prefill };
    }
    if (request.mode === 'edit' && hints.current.blog) request = { ...request, blog: hints.current.blog };
    if (request.mode === 'reblog' && hints.current.postType) request = { ...request, postType: hints.current.postType };
    return {
      request,
      basePath: route.basePath ?? lastPage,
      viaRoute: true,
      fromFastCompose: false,
      returnFocus: null,
      key: routeKey,
    };
  }, [route, routeKey]);
  /* oxlint-enable react-hooks/exhaustive-deps */

  // The photo form read its query once: the address becomes plain /new/photo (§2).
  const prefilled = fromRoute?.request.mode === 'new' && fromRoute.request.prefill !== undefined;
  useEffect(() => {
    if (prefilled && search) navigate(location, { replace: true });
  }, [prefilled, search, location, navigate]);

  const open = fromRoute ?? fastCompose;
  const pageLocation = open ? open.basePath : location;

  const close = useCallback(() => {
    hints.current = {};
    if (fastCompose) setFastCompose(null);
    if (fromRoute) navigate(fromRoute.basePath, { replace: true });
  }, [fastCompose, fromRoute, navigate]);

  const reloadPage = useCallback(() => {
    close();
    setPageLoads((loads) => loads + 1);
  }, [close]);

  const composeFromFastCompose = useCallback(
    (type: PostType, returnFocus: HTMLElement | null) => {
      // Opening closes any form that is open first (§4 Composer lifecycle).
      setFastCompose({
        request: { mode: 'new', type },
        basePath: fromRoute?.basePath ?? location,
        viaRoute: false,
        fromFastCompose: true,
        returnFocus,
        key: ++openings,
      });
      if (fromRoute) navigate(fromRoute.basePath, { replace: true });
    },
    [fromRoute, location, navigate],
  );

  const openNewPost = useCallback(
    (type: PostType) => {
      setFastCompose(null);
      navigate(newPostPath(type, pageLocation));
    },
    [navigate, pageLocation],
  );

  const openEdit = useCallback(
    (postId: number, blog?: string) => {
      setFastCompose(null);
      hints.current = { blog };
      navigate(editPostPath(postId));
    },
    [navigate],
  );

  const openReblog = useCallback(
    (reblogId: number, reblogKey: string, postType?: PostType) => {
      setFastCompose(null);
      hints.current = { postType };
      navigate(reblogPostPath(reblogId, reblogKey));
    },
    [navigate],
  );

  const showToast = useCallback((message: string) => {
    const show = window.setTimeout(() => setToast(message), TOAST_DELAY_MS);
    toastTimers.current.push(show);
  }, []);
  // A toast stays for its time once it is seen. While toasts are suspended (the tour guide,
  // spec 000 §4) it waits, hidden, and has its whole time when they resume.
  const suspended = useSuspended();
  useEffect(() => {
    if (toast === null || suspended) return;
    const hide = window.setTimeout(() => setToast(null), TOAST_SHOWN_MS);
    return () => window.clearTimeout(hide);
  }, [toast, suspended]);

  useEffect(() => {
    const timers = toastTimers.current;
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, []);

  const controls = useMemo<ComposerControls>(
    () => ({
      open,
      pageLocation,
      composeFromFastCompose,
      openNewPost,
      openEdit,
      openReblog,
      close,
      reloadPage,
      pageLoads,
      showToast,
      toast: suspended ? null : toast,
    }),
    [open, pageLocation, composeFromFastCompose, openNewPost, openEdit, openReblog, close, reloadPage, pageLoads, showToast, toast, suspended],
  );

  return <ComposerContext.Provider value={controls}>{children}</ComposerContext.Provider>;
}

export function useComposer(): ComposerControls {
  const controls = useContext(ComposerContext);
  if (!controls) throw new Error('useComposer() must be used inside <ComposerProvider>');
  return controls;
}
