import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/ApiProvider';
import * as endpoints from '../../../api/endpoints';
import type { Participant } from '../../../api/messagingModels';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { FAVORITES_LIMIT, RECIPIENT_SEARCH_DEBOUNCE_MS } from '../constants';

const suggestionsKey = (query: string) => ['participantSuggestions', query];

/**
 * Recipients for the compose view (spec 000 §5): favorites for an empty query, otherwise
 * blogs whose names start with it, searched 250 ms after typing stops and cached by query.
 * `blogs` is null while the answer for the current query is on its way.
 */
export function useParticipantSuggestions(query: string): { blogs: Participant[] | null } {
  const api = useApi();
  const queryClient = useQueryClient();
  const cached = queryClient.getQueryData<Participant[]>(suggestionsKey(query));
  // Favorites need no debounce: they are what shows before any typing; nor does an answer
  // already at hand.
  const asked = useDebouncedValue(query, RECIPIENT_SEARCH_DEBOUNCE_MS, { now: query === '' || cached !== undefined });

  const answer = useQuery({
    queryKey: suggestionsKey(asked),
    queryFn: () =>
      endpoints.fetchParticipantSuggestions(api, asked, FAVORITES_LIMIT).catch((err: unknown) => {
        console.warn('participant suggestions failed', err);
        throw err;
      }),
    // Cached by query while the compose view is in use. A failed query keeps no answer:
    // typing it again asks again.
    staleTime: Infinity,
  });

  if (asked !== query) return { blogs: null };
  // A failed query shows as an empty list.
  return { blogs: answer.data ?? (answer.isError && !answer.isFetching ? [] : null) };
}
