// Under the blog search's results (spec 002 §2, §4, §8): once the results end with no posts,
// 'Nothing here about {term}.' in the blog's title colour, filling the height left in the
// drawer; after a failure, a quiet line to try again (the server's error is not shown).
import { useEffect, useRef, type RefObject } from 'react';
import { throttle } from '../../../lib/throttle';
import { nothingHereAbout } from '../../search';
import type { OffsetPostPages } from '../../posts';

/** Spec 002 §9: the no-results view is sized again at most this often while the window resizes. */
export const NO_RESULTS_RESIZE_MS = 300;

export function BlogSearchStatus({
  results,
  term,
  titleColor,
  scroller,
}: {
  results: OffsetPostPages;
  term: string;
  /** The blog's title colour; the drawer's title style without one. */
  titleColor?: string;
  /** The drawer's scrolled area, whose height the no-results view fills. */
  scroller: RefObject<HTMLElement | null>;
}) {
  const { state, ended, retry } = results;
  const error = state.error ?? state.moreError;
  if (error !== null) {
    return (
      <p className="blog-search__error muted" role="status">
        {error}{' '}
        <button type="button" className="link-button" onClick={retry}>
          Try again
        </button>
      </p>
    );
  }
  if (!ended || state.posts.length > 0) return null;
  return <NoResults term={term} titleColor={titleColor} scroller={scroller} />;
}

function NoResults({
  term,
  titleColor,
  scroller,
}: {
  term: string;
  titleColor?: string;
  scroller: RefObject<HTMLElement | null>;
}) {
  const view = useRef<HTMLParagraphElement>(null);
  useFillRemainingHeight(view, scroller);
  return (
    <p ref={view} className="blog-search__nothing" role="status" style={{ color: titleColor }}>
      {nothingHereAbout(term)}
    </p>
  );
}

/**
 * Gives `el` the height left below it in `container` (at least its own), now and, throttled,
 * whenever the window resizes.
 */
function useFillRemainingHeight(el: RefObject<HTMLElement | null>, container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const fit = () => {
      const box = container.current;
      const target = el.current;
      if (!box || !target) return;
      const padding = parseFloat(getComputedStyle(box).paddingBottom) || 0;
      const below = box.clientHeight - (target.offsetTop - box.scrollTop) - padding;
      target.style.minHeight = below > 0 ? `${below}px` : '';
    };
    const onResize = throttle(fit, NO_RESULTS_RESIZE_MS);
    fit();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      onResize.cancel();
    };
  }, [el, container]);
}
