// Opening the blog viewer drawer (spec 000 §2.10): a request names a blog and, optionally,
// one of its posts. Kept apart from the drawer so that the posts feature can open it from a
// post's header without importing the drawer, which itself shows posts.
import { createContext, useCallback, useContext, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'wouter';

export interface BlogViewerRequest {
  /** Tells requests apart: opening the same blog again reloads it. */
  id: number;
  name: string;
  /** Only this post of the blog. */
  postId?: number;
}

export interface BlogViewer {
  /** What the drawer shows; none when it is closed. */
  request: BlogViewerRequest | null;
  /** Opens the drawer on a blog; opening another while it is open reloads it. */
  openBlog(name: string, options?: { postId?: number }): void;
  close(): void;
}

const BlogViewerContext = createContext<BlogViewer | null>(null);

export function BlogViewerProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<BlogViewerRequest | null>(null);
  const openBlog = useCallback((name: string, options: { postId?: number } = {}) => {
    setRequest((previous) => ({ id: (previous?.id ?? 0) + 1, name, postId: options.postId }));
  }, []);
  const close = useCallback(() => setRequest(null), []);
  const value = useMemo(() => ({ request, openBlog, close }), [request, openBlog, close]);
  return <BlogViewerContext.Provider value={value}>{children}</BlogViewerContext.Provider>;
}

/** The viewer, or null outside its provider (a page rendered alone in a test). */
export function useBlogViewer(): BlogViewer | null {
  return useContext(BlogViewerContext);
}

/** A plain left click, which the viewer takes; any other (a new tab, say) follows the link. */
function isPlainClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/**
 * A link to a blog's page that opens the blog in the viewer drawer instead, on a plain click
 * where the viewer is there; its address stays the blog's page for every other way of
 * following it.
 */
export function BlogLink({
  name,
  className,
  children,
  tabIndex,
  'aria-hidden': ariaHidden,
}: {
  name: string;
  className?: string;
  children: ReactNode;
  tabIndex?: number;
  'aria-hidden'?: boolean | 'true' | 'false';
}) {
  const viewer = useBlogViewer();
  return (
    <Link
      to={`/blog/${encodeURIComponent(name)}`}
      className={className}
      tabIndex={tabIndex}
      aria-hidden={ariaHidden}
      onClick={(e: MouseEvent) => {
        if (!viewer || !isPlainClick(e)) return;
        e.preventDefault();
        viewer.openBlog(name);
      }}
    >
      {children}
    </Link>
  );
}
