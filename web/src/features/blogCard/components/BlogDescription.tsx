import { useLayoutEffect, useRef, useState } from 'react';
import type { ServerHtml as Html } from '../../../api/serverHtml';
import { ServerHtml } from '../../posts/components/ServerHtml';

/**
 * The description as the server sanitised it (links open only over http, https or mailto;
 * relative ones go to the blog's own pages, spec 000 §5), cut off with a fade when it is
 * taller than its box (spec 000 §9).
 */
export function BlogDescription({ html }: { html: Html }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) setOverflowing(el.scrollHeight > el.clientHeight + 1);
  }, [html]);
  if (!html) return null;
  return (
    <div ref={ref} className={overflowing ? 'blog-card__description is-faded' : 'blog-card__description'}>
      <ServerHtml html={html} />
    </div>
  );
}
