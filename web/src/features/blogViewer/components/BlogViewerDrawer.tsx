// The blog viewer drawer (spec 000 §2.10, §4, §9): a blog's header and its posts, paged as
// the reader scrolls, in the app's drawer. Opening another blog while it is open reloads it
// after the drawer's replace delay; closing slides it out first (both the drawer's own). What
// the drawer shows is BlogViewerBody's.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useBlogViewer } from '../../../components/blogViewerOpener';
import { PageLoader } from '../../../components/PageLoader';
import { useComposer } from '../../composer';
import { useDrawer } from '../../drawer';

// The content (the blog card, its posts, its search) is most of the posts feature's code: it
// loads when a blog is first opened, not with the first page (issue 35).
const BlogViewerBody = lazy(() => import('./BlogViewerBody').then((m) => ({ default: m.BlogViewerBody })));

const drawerKey = (id: number) => `blog-viewer:${id}`;

/**
 * Puts the viewer's request into the drawer, and takes it out when the viewer closes; renders
 * nothing itself. When the drawer lets the blog go (Escape, a click beside it, another content
 * replacing it), the viewer hears that it closed.
 */
export function BlogViewerDrawer() {
  const viewer = useBlogViewer();
  const drawer = useDrawer();
  const request = viewer?.request ?? null;
  // The viewer's functions, stable for its provider's life: the effects name them so, and run
  // again only when the request changes.
  const close = viewer?.close;
  const closed = viewer?.closed;
  // The request the drawer shows or is about to: a new one while it is there is a reload
  // (spec 000 §4: a load count tells load from reload).
  const inDrawer = useRef<number | null>(null);
  // The page it was opened over. Another page under it (Back, a link in it to the app's own
  // pages) closes it: it stood for the page that was there. The composer's pages (a reblog
  // from the drawer) keep the page under them, so they leave it open.
  const { pageLocation } = useComposer();
  const openedOver = useRef<string | null>(null);
  const open = request !== null;

  useEffect(() => {
    if (!open) {
      openedOver.current = null;
    } else if (openedOver.current === null) {
      openedOver.current = pageLocation;
    } else if (openedOver.current !== pageLocation) {
      openedOver.current = null;
      close?.();
    }
  }, [open, pageLocation, close]);

  useEffect(() => {
    if (!close || !closed) return;
    if (!request) {
      if (inDrawer.current !== null) drawer.close(drawerKey(inDrawer.current));
      return;
    }
    if (inDrawer.current === request.id) return;
    const firstLoad = inDrawer.current === null;
    inDrawer.current = request.id;
    drawer.open({
      key: drawerKey(request.id),
      label: `${request.name} (blog viewer)`,
      className: 'drawer--blog-viewer',
      children: (
        <Suspense fallback={<PageLoader label={`Loading ${request.name}`} />}>
          <BlogViewerBody request={request} firstLoad={firstLoad} onClose={close} />
        </Suspense>
      ),
      onClosed: () => {
        if (inDrawer.current !== request.id) return;
        inDrawer.current = null;
        closed(request.id);
      },
    });
  }, [request, drawer, close, closed]);

  return null;
}
