// The blog viewer drawer's content (spec 000 §2.10, §4, §9): a blog's header and its posts,
// paged as the reader scrolls. Its search (spec 002 §2 In-blog search) lists its results in
// place of the posts, in the same scrolled area: the posts page by spec 000's autopager, the
// results by spec 002's rule (§9 Scrollbar). Opened by a blog's owner from Edit appearance, it
// previews the blog as the edits would make it: the card's look and the drawer's background,
// without the reader's controls.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useApi } from '../../../api/ApiProvider';
import { fetchIndashBlogHeader } from '../../../api/postEndpoints';
import type { Post } from '../../../api/postModels';
import { loadError } from '../../../api/queryClient';
import { BarLoader } from '../../../components/BarLoader';
import type { BlogViewerRequest } from '../../../components/blogViewerOpener';
import { reblogPostPath } from '../../../lib/composerPaths';
import { archivePath } from '../../archive';
import { BlogCard, BlogCardView } from '../../blogCard';
import { BlogSearchForm, BlogSearchStatus, useBlogSearch } from '../../blogSearch';
import { useBlog, useBlogsDispatch } from '../../blogs';
import { useDrawerPhase } from '../../drawer';
import { PostView, usePercentScrollPager, type OffsetPostPages } from '../../posts';
import { blogViewerCommand, currentPostIndex } from '../keys';
import { scrollPosition, scrollSmoothly } from '../smoothScroll';
import { useAutopager } from '../useAutopager';
import { useBlogViewerPosts, type BlogViewerPosts } from '../useBlogViewerPosts';
import { BlogViewerTools } from './BlogViewerTools';

/** Spec 000 §4: the first load's intro class stays this long. */
export const INTRO_MS = 1000;
/** Spec 000 §9 Blog viewer: j and k put a post this far from the top. */
export const SCROLL_OFFSET = 60;

export function BlogViewerBody({
  request,
  firstLoad,
  onClose,
}: {
  request: BlogViewerRequest;
  firstLoad: boolean;
  onClose(): void;
}) {
  const api = useApi();
  const { phase, active } = useDrawerPhase();
  const [, navigate] = useLocation();
  const dispatch = useBlogsDispatch();
  const saved = useBlog(request.name);
  // Its owner editing its appearance sees it as the edits would make it.
  const blog = request.appearance ?? saved;
  const [intro, setIntro] = useState(firstLoad);
  const blogPosts = useBlogViewerPosts(request);
  const search = useBlogSearch(request.name);
  const list = search.results ? searchResultsList(search.results) : blogPosts;
  const scroller = useRef<HTMLDivElement>(null);
  const postsSection = useRef<HTMLElement>(null);

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

  const { posts, hasMore, loading, loadMore } = list;
  const searching = search.results !== null;

  // Spec 000's autopager, for the blog's posts only: off while the results are listed.
  const checkPager = useAutopager(scroller, blogPosts, !searching);

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

  // Escape is the drawer's; these keys are the viewer's while the drawer is open and shown.
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (e: KeyboardEvent) => {
      // A dialog or the composer over the drawer has the keys.
      if (document.querySelector('.dialog-backdrop, .composer-layer')) return;
      const command = blogViewerCommand(e);
      if (!command) return;
      e.preventDefault();
      act(command);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active, act]);

  const classes = [
    'blog-viewer',
    `blog-viewer--${phase}`,
    intro ? 'blog-viewer--intro' : '',
    request.editingAppearance ? 'blog-viewer--editing-appearance' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} data-load={firstLoad ? 'load' : 'reload'} style={{ backgroundColor: blog?.theme.backgroundColor }}>
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
            {request.editingAppearance ? (
              <BlogCardView blog={blog} headingLevel={2} preview />
            ) : (
              <BlogCard name={blog.name} headingLevel={2} live />
            )}
            {!request.editingAppearance && (
              <BlogViewerTools
                blog={blog}
                address={request.url}
                onOpenBlog={() => act('open')}
                onOpenArchive={() => {
                  onClose();
                  navigate(archivePath(blog.name));
                }}
                onClose={onClose}
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
              {/* The one post asked for is shown whole, as its page would; a listed post's Keep reading opens it so. */}
              <PostView post={post} headingLevel={3} inViewer full={request.postId !== undefined && !search.results} />
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
    </div>
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
