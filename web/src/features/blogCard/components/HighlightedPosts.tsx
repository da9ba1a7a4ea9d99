import { useEffect, useState } from 'react';
import { useOpenPost } from '../../../components/blogViewerOpener';
import { ServerHtml } from '../../posts/components/ServerHtml';
import { useHighlightedPosts } from '../useHighlightedPosts';

/** Spec 000 §9 Blog card: the posts area waits a minimum of 500 ms. */
export const POSTS_AREA_MIN_WAIT_MS = 500;
/** Spec 000 §2.5: fewer than 2 highlighted posts leaves the area empty. */
export const MIN_HIGHLIGHTED_POSTS = 2;

/**
 * The blog card's highlighted posts (GET /svc/{blog}/posts/highlighted): HTML the server
 * sanitised, shown after at least 500 ms, and only when there are 2 or more. A failure leaves
 * the area empty, as too few posts do. Each links to its post, which a plain click opens in
 * the blog viewer drawer (spec 000 §2.10), as other links to a blog's post do. They are read
 * again after the user saves, changes or deletes a post, and, `live`, when the blog's posts
 * change elsewhere (useHighlightedPosts).
 */
export function HighlightedPosts({ blog, live = false }: { blog: string; live?: boolean }) {
  const openPost = useOpenPost();
  const posts = useHighlightedPosts(blog, { live });
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    setWaited(false);
    const timer = setTimeout(() => setWaited(true), POSTS_AREA_MIN_WAIT_MS);
    return () => clearTimeout(timer);
  }, [blog]);
  const enough = posts.length >= MIN_HIGHLIGHTED_POSTS;

  return (
    // The links' own clicks, caught on their way up (Enter on a link is a click too).
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <div
      className="blog-card__posts"
      aria-label="Highlighted posts"
      role="region"
      aria-busy={!waited}
      onClick={(e) => {
        // The links are in the server's HTML: the click is caught here, on its way up.
        const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
        const href = link?.getAttribute('href');
        if (href) openPost(href, e);
      }}
    >
      {enough && waited && posts.slice(0, 3).map((html, i) => <ServerHtml key={i} html={html} className="blog-card__post" />)}
    </div>
  );
}
