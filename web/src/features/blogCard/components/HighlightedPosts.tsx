import { useEffect, useMemo, useState } from 'react';
import { sanitizeHtml } from '../../../lib/sanitizeHtml';

/** Spec 000 §9 Blog card: the posts area waits a minimum of 500 ms. */
export const POSTS_AREA_MIN_WAIT_MS = 500;
/** Spec 000 §2.5: fewer than 2 highlighted posts leaves the area empty. */
export const MIN_HIGHLIGHTED_POSTS = 2;

/** The blog card's highlighted posts (pre-rendered HTML from the server, filtered first). */
export function HighlightedPosts({ posts }: { posts: string[] }) {
  const enough = posts.length >= MIN_HIGHLIGHTED_POSTS;
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!enough) return;
    const timer = setTimeout(() => setWaited(true), POSTS_AREA_MIN_WAIT_MS);
    return () => clearTimeout(timer);
  }, [enough]);
  const safe = useMemo(() => (enough ? posts.slice(0, 3).map(sanitizeHtml) : []), [enough, posts]);

  return (
    <div className="blog-card__posts" aria-label="Highlighted posts" role="region" aria-busy={enough && !waited}>
      {enough &&
        waited &&
        safe.map((html, i) => (
          // The HTML went through sanitizeHtml just above.
          <div key={i} className="blog-card__post" dangerouslySetInnerHTML={{ __html: html }} />
        ))}
    </div>
  );
}
