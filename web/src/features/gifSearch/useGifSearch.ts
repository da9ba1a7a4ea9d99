// The panel's search (spec 000 §4 GIF search results, §5, §8, §9): what is typed, trimmed and
// lower-cased, searched 250 ms after the last key; each query's answer kept for 5 minutes; a
// search still on its way when another starts, or when the panel closes, is aborted.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { searchGifs, type GifSearchAnswer } from '../../api/gifSearchEndpoints';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { GIF_SEARCH_CACHE_MS, GIF_SEARCH_DEBOUNCE_MS, GIF_SEARCH_LIMIT } from './constants';
import { normalizeQuery } from './gifResults';

/** What the panel shows for what is typed. */
export type GifSearch =
  /** Nothing typed: nothing shown, nothing asked. */
  | { status: 'idle' }
  /** Typing, or the answer on its way. */
  | { status: 'loading'; query: string }
  /** The search failed: nothing is shown (§8: no message to the user). */
  | { status: 'failed'; query: string }
  | { status: 'done'; query: string; answer: GifSearchAnswer };

export const gifSearchKey = (query: string) => ['gifSearch', query] as const;

export function useGifSearch(text: string): GifSearch {
  const api = useApi();
  const queryClient = useQueryClient();
  const query = normalizeQuery(text);
  const kept = queryClient.getQueryState(gifSearchKey(query));
  const fresh = kept?.data !== undefined && Date.now() - kept.dataUpdatedAt < GIF_SEARCH_CACHE_MS;
  // Nothing to wait for when the field is empty or the answer is at hand.
  const asked = useDebouncedValue(query, GIF_SEARCH_DEBOUNCE_MS, { now: query === '' || fresh });

  const answer = useQuery({
    queryKey: gifSearchKey(asked),
    // Reading `signal` is what makes TanStack Query abort the request (spec 000 §8) when no
    // one wants its answer any more: a new query replaces it (the old key loses its only
    // observer) or the panel closes (unmounted). Aborted, it is dropped, not kept.
    queryFn: ({ signal }) =>
      searchGifs(api, asked, { limit: GIF_SEARCH_LIMIT, signal }).catch((err: unknown) => {
        if (!signal.aborted) console.warn('GIF search failed', err);
        throw err;
      }),
    enabled: asked !== '',
    staleTime: GIF_SEARCH_CACHE_MS,
    gcTime: GIF_SEARCH_CACHE_MS,
    // A failed search is dropped, not tried again (§8); typing it again asks again.
    retry: false,
  });

  if (query === '') return { status: 'idle' };
  if (asked !== query || answer.isPending) return { status: 'loading', query };
  if (answer.isError) return { status: 'failed', query };
  return { status: 'done', query, answer: answer.data };
}
