// Results go on the page in batches (spec 000 §9: 50 at a time, 5 ms apart), so that a
// search's 200 images do not hold up the input for one long render.
import { useEffect, useState } from 'react';
import { RESULT_BATCH_DELAY_MS, RESULT_BATCH_SIZE } from './constants';

/** How many of `items` are on the page by now; a new list starts again with one batch. */
export function useBatchedCount(items: readonly unknown[]): number {
  const [shown, setShown] = useState(() => ({ items, count: Math.min(items.length, RESULT_BATCH_SIZE) }));
  // Another list (another search): start over. React allows this during render, and it saves
  // a render of the old count with the new list.
  let { count } = shown;
  if (shown.items !== items) {
    count = Math.min(items.length, RESULT_BATCH_SIZE);
    setShown({ items, count });
  }

  useEffect(() => {
    if (count >= items.length) return;
    const timer = setTimeout(
      () => setShown((s) => (s.items === items ? { items, count: Math.min(items.length, s.count + RESULT_BATCH_SIZE) } : s)),
      RESULT_BATCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [items, count]);

  return count;
}
