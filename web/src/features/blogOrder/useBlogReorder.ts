import { useCallback, useState } from 'react';
import { errorDetails } from '../../api/client';
import { moveItem } from '../../lib/order';
import { useSession } from '../session';

export interface BlogReorder {
  /** Moves the blog at `from` in `names` to `to`, and saves the new order. */
  move(names: string[], from: number, to: number): void;
  pending: boolean;
  error: string | null;
}

export function useBlogReorder(): BlogReorder {
  const { reorderBlogs } = useSession();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const move = useCallback(
    (names: string[], from: number, to: number) => {
      const next = moveItem(names, from, to);
      setError(null);
      setPending(true);
      reorderBlogs(next)
        .catch((err: unknown) => setError(errorDetails(err).join(' ')))
        .finally(() => setPending(false));
    },
    [reorderBlogs],
  );

  return { move, pending, error };
}
