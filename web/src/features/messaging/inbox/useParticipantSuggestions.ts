import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import * as endpoints from '../../../api/endpoints';
import type { Participant } from '../../../api/messagingModels';
import { FAVORITES_LIMIT, RECIPIENT_SEARCH_DEBOUNCE_MS } from '../constants';

/**
 * Recipients for the compose view (spec 000 §5): favorites for an empty query, otherwise
 * blogs whose names start with it, searched 250 ms after typing stops and cached by query.
 * `blogs` is null while the answer for the current query is on its way.
 */
export function useParticipantSuggestions(query: string): { blogs: Participant[] | null } {
  const api = useApi();
  const cache = useRef(new Map<string, Participant[]>());
  // Failed queries show as empty lists but are not cached: typing them again asks again.
  const failed = useRef(new Set<string>());
  const [asked, setAsked] = useState(query);
  const [, setAnswered] = useState(0);

  useEffect(() => {
    // Favorites need no debounce: they are what shows before any typing.
    failed.current.delete(query);
    if (query === '' || cache.current.has(query)) {
      setAsked(query);
      return;
    }
    const timer = setTimeout(() => setAsked(query), RECIPIENT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  useEffect(() => {
    if (cache.current.has(asked)) return;
    let cancelled = false;
    endpoints
      .fetchParticipantSuggestions(api, asked, FAVORITES_LIMIT)
      .then((blogs) => cache.current.set(asked, blogs))
      .catch((err: unknown) => {
        console.warn('participant suggestions failed', err);
        failed.current.add(asked);
      })
      .finally(() => {
        if (!cancelled) setAnswered((n) => n + 1);
      });
    return () => {
      cancelled = true;
    };
  }, [api, asked]);

  return { blogs: cache.current.get(query) ?? (failed.current.has(query) ? [] : null) };
}
