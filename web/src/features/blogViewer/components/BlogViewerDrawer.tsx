// The blog viewer drawer (spec 000 §2.10, §4, §9): a blog's header and its posts, paged as
// the reader scrolls, in a drawer over the page. Opening another blog while it is open
// reloads it after the drawer's replace delay; closing slides it out first. Its search
// (spec 002 §2 In-blog search) lists its results in place of the posts, in the same scrolled
// area: the posts page by spec 000's autopager, the results by spec 002's rule (§9 Scrollbar).
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useApi } from '../../../api/ApiProvider';
import { fetchIndashBlogHeader } from '../../../api/postEndpoints';
import type { Post } from '../../../api/postModels';
import { loadError } from '../../../api/queryClient';
import { BarLoader } from '../../../components/BarLoader';
import { archivePath } from '../../archive';
import { BlogCard } from '../../blogCard';
import { BlogSearchForm, BlogSearchStatus, useBlogSearch } from '../../blogSearch';
import { useBlog, useBlogsDispatch } from '../../blogs';
import { reblogPostPath } from '../../composer';
import { PostView, usePercentScrollPager, type OffsetPostPages } from '../../posts';
import { blogViewerCommand, currentPostIndex } from '../keys';
import { useBlogViewer, type BlogViewerRequest } from '../opener';
import { useBlogViewerPosts, type BlogViewerPosts } from '../useBlogViewerPosts';
import { BlogViewerTools } from './BlogViewerTools';

/** Spec 000 §9 Drawer: close animation, and the delay before another blog replaces this one. */
export const DRAWER_CLOSE_MS = 200;
export const DRAWER_REPLACE_MS = 400;
/** Spec 000 §4: the first load's intro class stays this long. */
export const INTRO_MS = 1000;
/** Spec 000 §9 Blog viewer: the autopager's throttle; j and k put a post this far from the top, this fast. */
export const AUTOPAGER_THROTTLE_MS = 500;
export const SCROLL_OFFSET = 60;
export const SCROLL_MS = 200;
/** The infinite-scroll rule of spec 000 §9: within 175 px of the end, plus two thirds of the view. */
const PAGER_OFFSET = 175;

type Phase = 'open' | 'replacing' | 'closing';

export function BlogViewerDrawer() {
  const viewer = useBlogViewer();
  const request = viewer?.request ?? null;
  const [shown, setShown] = useState<BlogViewerRequest | null>(null);
  const [phase, setPhase] = useState<Phase>('open');
  // Spec 000 §4: a load count tells the drawer's first load from a reload.
  const loads = useRef(0);

  useEffect(() => {
    if (request && !shown) {
      loads.current += 1;
      setShown(request);
      setPhase('open');
      return;
    }
    if (request && shown && request.id !== shown.id) {
      setPhase('replacing');
      const timer = setTimeout(() => {
        loads.current += 1;
        setShown(request);
        setPhase('open');
      }, DRAWER_REPLACE_MS);
      return () => clearTimeout(timer);
    }
    if (!request && shown) {
      setPhase('closing');
      const timer = setTimeout(() => {
        loads.current = 0;
        setShown(null);
      }, DRAWER_CLOSE_MS);
      return () => clearTimeout(timer);
    }
  }, [request, shown]);

  if (!viewer || !shown) return null;
  return (
    <div className={`blog-viewer-backdrop blog-viewer-backdrop--${phase}`} onMouseDown={(e) => e.target === e.currentTarget && viewer.close()}>
      <BlogViewerBody key={shown.id} request={shown} phase={phase} firstLoad={loads.current === 1} onClose={viewer.close} />
    </div>
  );
}

function BlogViewerBody({
  request,
  phase,
  firstLoad,
  onClose,
}: {
  request: BlogViewerRequest;
  phase: Phase;
  firstLoad: boolean;
  onClose(): void;
}) {
  const api = useApi();
  const [, navigate] = useLocation();
  const dispatch = useBlogsDispatch();
  const blog = useBlog(request.name);
  const [intro, setIntro] = useState(firstLoad);
  const blogPosts = useBlogViewerPosts(request);
  const search = useBlogSearch(request.name);
  const list = search.results ? searchResultsList(search.results) : blogPosts;
  const scroller = useRef<HTMLDivElement>(null);
  const postsSection = useRef<HTMLElement>(null);
  const drawer = useRef<HTMLElement>(null);

  // The blog as this reader sees it, into the store that the card reads.
  const header = useQuery({
    queryKey: ['blogViewerHeader', request.name],
    queryFn: async () => {
      dispatch({ type: 'received', blogs: [await fetchIndashBlogHeader(api, request.name)] });
      return null;
    },
  });
  const headerError = loadError(header);

  useEffect(() => {
    if (!intro) return;
    const timer = setTimeout(() => setIntro(false), INTRO_MS);
    return () => clearTimeout(timer);
  }, [intro]);

  // The drawer takes the focus, for its keys and for screen readers, and gives it back.
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    drawer.current?.focus();
    return () => before?.focus?.();
  }, []);

  const { posts, hasMore, loading, loadMore } = list;
  const searching = search.results !== null;

  // Spec 000's autopager, for the blog's posts only: off while the results are listed.
  const { hasMore: postsHaveMore, loading: postsLoading, loadMore: loadMorePosts } = blogPosts;
  const lastCheck = useRef(0);
  const trailingCheck = useRef<ReturnType<typeof setTimeout> | null>(null);
  const checkPager = useCallback(
    (force = false) => {
      const el = scroller.current;
      if (!el || searching || !postsHaveMore || postsLoading) return;
      const wait = lastCheck.current + AUTOPAGER_THROTTLE_MS - Date.now();
      if (!force && wait > 0) {
        // Throttled, not dropped: where the scrolling stops is checked when the time is up.
        trailingCheck.current ??= setTimeout(() => {
          trailingCheck.current = null;
          checkPagerNow.current();
        }, wait);
        return;
      }
      lastCheck.current = Date.now();
      const remaining = el.scrollHeight - el.scrollTop - el.clientHeight;
      if (remaining < PAGER_OFFSET + (el.clientHeight * 2) / 3) loadMorePosts();
    },
    [searching, postsHaveMore, postsLoading, loadMorePosts],
  );
  // The trailing check runs the newest checkPager, with the state of its own time.
  const checkPagerNow = useRef(() => checkPager(true));
  checkPagerNow.current = () => checkPager(true);
  useEffect(
    () => () => {
      if (trailingCheck.current) clearTimeout(trailingCheck.current);
    },
    [],
  );
  // A page that does not fill the drawer asks for the next one at once.
  useEffect(() => checkPager(true), [blogPosts.posts.length, checkPager]);

  // Spec 002 §9's rule, for the search results: past 90 % of the drawer's scroll, debounced.
  usePercentScrollPager({
    enabled: searching && hasMore && !loading,
    contentKey: posts.length,
    onLoadMore: loadMore,
    scroller,
  });

  // Another search, or back to the posts: from the start of the list, if scrolled past it.
  const listing = JSON.stringify(search.request);
  useEffect(() => {
    const el = scroller.current;
    const start = postsSection.current?.offsetTop ?? 0;
    if (el && el.scrollTop > start) el.scrollTop = start;
  }, [listing]);

  const postElements = () =>
    Array.from(scroller.current?.querySelectorAll<HTMLElement>('article.post[data-post-id]') ?? []);

  const act = useCallback(
    (command: NonNullable<ReturnType<typeof blogViewerCommand>>) => {
      const el = scroller.current;
      if (!el) return;
      const articles = postElements();
      const tops = articles.map((a) => a.offsetTop);
      const at = currentPostIndex(tops, scrollPosition(el), SCROLL_OFFSET);
      const current: Post | undefined = posts[Math.max(at, 0)];
      switch (command) {
        case 'next': {
          const next = articles[at + 1];
          if (next) scrollSmoothly(el, next.offsetTop - SCROLL_OFFSET);
          else if (hasMore) loadMore();
          break;
        }
        case 'previous': {
          const target = articles[Math.max(at - 1, 0)];
          if (target) scrollSmoothly(el, target.offsetTop - SCROLL_OFFSET);
          break;
        }
        case 'top':
          scrollSmoothly(el, 0);
          break;
        case 'like':
          // The post's own Like button: one way to like, with its state and errors.
          articles[Math.max(at, 0)]?.querySelector<HTMLButtonElement>('.post-footer__like')?.click();
          break;
        case 'reblog':
          if (current && current.state === 'published') {
            onClose();
            navigate(reblogPostPath(current.id, current.reblogKey));
          }
          break;
        case 'open':
          onClose();
          navigate(request.url ?? `/blog/${encodeURIComponent(request.name)}`);
          break;
      }
    },
    [posts, hasMore, loadMore, navigate, onClose, request.name, request.url],
  );

  useEffect(() => {
    if (phase !== 'open') return;
    const onKeyDown = (e: KeyboardEvent) => {
      // A dialog or the composer over the drawer has the keys.
      if (document.querySelector('.dialog-backdrop, .composer-layer')) return;
      if (e.key === 'Escape') {
        onClose();
        return;
      }
      const command = blogViewerCommand(e);
      if (!command) return;
      e.preventDefault();
      act(command);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [phase, act, onClose]);

  const classes = [
    'blog-viewer',
    `blog-viewer--${phase}`,
    intro ? 'blog-viewer--intro' : '',
    request.editingAppearance ? 'blog-viewer--editing-appearance' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <aside
      ref={drawer}
      className={classes}
      role="dialog"
      aria-modal="true"
      aria-label={`${request.name} (blog viewer)`}
      tabIndex={-1}
      data-load={firstLoad ? 'load' : 'reload'}
      style={{ backgroundColor: blog?.theme.backgroundColor }}
    >
      <div className="blog-viewer__bar">
        {!request.editingAppearance && <BlogSearchForm search={search} />}
        <button type="button" className="blog-viewer__close" aria-label="Close blog viewer" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="blog-viewer__scroller" ref={scroller} onScroll={() => checkPager()}>
        {headerError && (
          <p className="form-error" role="alert">
            {headerError}
          </p>
        )}
        {blog && (
          <>
            {request.editingAppearance && (
              <p className="blog-viewer__editing muted" role="status">
                Previewing {blog.name}&apos;s appearance
              </p>
            )}
            <BlogCard name={blog.name} headingLevel={2} />
            {!request.editingAppearance && (
              <BlogViewerTools
                blog={blog}
                address={request.url}
                onOpenBlog={() => act('open')}
                onOpenArchive={() => {
                  onClose();
                  navigate(archivePath(blog.name));
                }}
              />
            )}
          </>
        )}
        <section
          ref={postsSection}
          className="blog-viewer__posts"
          aria-label={search.results ? `Search results for ${search.model.term}` : `Posts of ${request.name}`}
          aria-busy={loading}
        >
          {posts.map((post) => (
            <div key={post.id} className="blog-viewer__post">
              <PostView post={post} headingLevel={3} />
              {isPostReference(post) && <p className="blog-viewer__reference muted">(post reference)</p>}
            </div>
          ))}
          {search.results ? (
            <BlogSearchStatus
              results={search.results}
              term={search.model.term}
              titleColor={blog?.theme.titleColor}
              scroller={scroller}
            />
          ) : (
            !loading && !headerError && posts.length === 0 && <p className="muted">No posts yet.</p>
          )}
        </section>
        {loading && (
          <div className="blog-viewer__loader">
            <BarLoader label={`Loading ${request.name}'s posts`} />
          </div>
        )}
      </div>
    </aside>
  );
}

/**
 * A search's results as the drawer lists them. After a failure it asks for no more by
 * itself: the search's own line offers to try again.
 */
function searchResultsList({ state, loading, loadMore }: OffsetPostPages): BlogViewerPosts {
  const failed = state.error !== null || state.moreError !== null;
  return { posts: state.posts, loading, hasMore: state.hasMore && !failed, loadMore };
}

/** Spec 000 §2.10: a photo post with no words of its own is shown as a post reference. */
function isPostReference(post: Post): boolean {
  if (post.content.type !== 'photo') return false;
  const text = (html: string) => html.replace(/<[^>]*>/g, '').trim();
  return text(String(post.content.caption)) === '' && text(String(post.reblogComment)) === '';
}

/** The scroll animation running on an element: where it goes, and how to stop it. */
const scrolling = new WeakMap<HTMLElement, { to: number; stop(): void }>();

/** Where `el` is scrolled to, or is on its way to: keys pressed quickly go on from there. */
function scrollPosition(el: HTMLElement): number {
  return scrolling.get(el)?.to ?? el.scrollTop;
}

/**
 * Scrolls `el` to `top` over SCROLL_MS (spec 000 §9). Frames ease it there; a timer makes
 * sure it arrives where frames are not drawn (a hidden page, a test without layout).
 */
function scrollSmoothly(el: HTMLElement, top: number) {
  scrolling.get(el)?.stop();
  const from = el.scrollTop;
  const to = Math.max(0, top);
  if (from === to) return;
  const start = performance.now();
  let frame = 0;
  const step = () => {
    const t = Math.min(1, (performance.now() - start) / SCROLL_MS);
    el.scrollTop = from + (to - from) * (1 - (1 - t) * (1 - t));
    if (t < 1 && typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(step);
  };
  const arrive = setTimeout(() => {
    stop();
    el.scrollTop = to;
  }, SCROLL_MS);
  const stop = () => {
    if (frame && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    clearTimeout(arrive);
    scrolling.delete(el);
  };
  scrolling.set(el, { to, stop });
  step();
}
