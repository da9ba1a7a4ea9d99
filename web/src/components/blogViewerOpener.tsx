// Opening the blog viewer drawer (spec 000 §2.10): a request names a blog and, optionally,
// one of its posts, the address it was opened from, and whether its owner is editing its
// appearance. Shared, below the features: posts, blog cards and notifications link to blogs
// and posts with it, and the drawer (features/blogViewer), which shows all of those, reads the
// request; the app puts the provider around both. A link to a blog opens the blog (BlogLink);
// a link to another blog's post, the blog on that post (PostLink).
import { createContext, useCallback, useContext, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Blog } from '../api/models';
import { postOfPath } from '../lib/postPath';
import { AppLink } from './AppLink';

export interface BlogViewerRequest {
  /** Tells requests apart: opening the same blog again reloads it. */
  id: number;
  name: string;
  /** Only this post of the blog. */
  postId?: number;
  /**
   * The address the drawer stands for (the link it was opened from): Open blog, Enter and
   * Share use it instead of the blog's page. Only this app's own paths are taken.
   */
  url?: string;
  /** Its owner is editing the blog's appearance: a preview, without the reader's controls. */
  editingAppearance?: boolean;
  /**
   * While its appearance is edited: the blog as the edits not saved yet would make it, which
   * the drawer paints instead of the blog as saved.
   */
  appearance?: Blog;
}

export interface OpenBlogOptions {
  postId?: number;
  url?: string;
  editingAppearance?: boolean;
  /** With editingAppearance: the blog as the edits would make it. */
  appearance?: Blog;
}

/** `/blog/{name}/post/{id}…`: the post a URL of `name`'s names, if it does. */
export function postIdOfUrl(name: string, url: string): number | undefined {
  const post = postOfPath(url);
  return post?.blog === name ? post.postId : undefined;
}

/** A path of this app (`/…`, not `//host…`), else nothing: the drawer never leaves the app. */
function ownPath(url: string | undefined): string | undefined {
  return url && url.startsWith('/') && !url.startsWith('//') ? url : undefined;
}

export interface BlogViewer {
  /** What the drawer shows; none when it is closed. */
  request: BlogViewerRequest | null;
  /** Opens the drawer on a blog; opening another while it is open reloads it. */
  openBlog(name: string, options?: OpenBlogOptions): void;
  close(): void;
  /** The drawer let request `id` go (closed, or replaced by something else): the viewer is closed. */
  closed(id: number): void;
}

const BlogViewerContext = createContext<BlogViewer | null>(null);

export function BlogViewerProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<BlogViewerRequest | null>(null);
  // Never reused, even after a close: the drawer tells its contents apart by it.
  const nextId = useRef(1);
  const openBlog = useCallback((name: string, options: OpenBlogOptions = {}) => {
    const url = ownPath(options.url);
    const postId = options.postId ?? (url ? postIdOfUrl(name, url) : undefined);
    const id = nextId.current++;
    setRequest({
      id,
      name,
      postId,
      url,
      editingAppearance: options.editingAppearance ?? false,
      appearance: options.editingAppearance ? options.appearance : undefined,
    });
  }, []);
  const close = useCallback(() => setRequest(null), []);
  // Only that request: another opened meanwhile stays open.
  const closed = useCallback((id: number) => setRequest((current) => (current?.id === id ? null : current)), []);
  const value = useMemo(() => ({ request, openBlog, close, closed }), [request, openBlog, close, closed]);
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

/**
 * Opens the post a link names (`/blog/{name}/post/{id}…`) in the viewer drawer, on a plain
 * click where the viewer is there: its blog, on that post, standing for the link's address
 * (Open blog, Enter and Share use it). True when it did: the link is then not followed.
 */
export function useOpenPost(): (href: string, e: MouseEvent) => boolean {
  const viewer = useBlogViewer();
  return useCallback(
    (href: string, e: MouseEvent) => {
      const post = postOfPath(href);
      if (!viewer || !post || !isPlainClick(e)) return false;
      e.preventDefault();
      viewer.openBlog(post.blog, { postId: post.postId, url: href });
      return true;
    },
    [viewer],
  );
}

/**
 * A link to a post's page that opens the post in the viewer drawer instead, on a plain click
 * where the viewer is there (spec 000 §2.10: a request with a post_id and a url); every other
 * way of following it (a new tab, say) goes to the post's page.
 */
export function PostLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const openPost = useOpenPost();
  return (
    <AppLink href={href} className={className} onClick={(e) => void openPost(href, e)}>
      {children}
    </AppLink>
  );
}
