import { useLayoutEffect, useRef, useState } from 'react';

/** The description, cut off with a fade when it is taller than its box (spec 000 §9). */
export function BlogDescription({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) setOverflowing(el.scrollHeight > el.clientHeight + 1);
  }, [text]);
  if (!text) return null;
  return (
    <p ref={ref} className={overflowing ? 'blog-card__description is-faded' : 'blog-card__description'}>
      {text}
    </p>
  );
}
