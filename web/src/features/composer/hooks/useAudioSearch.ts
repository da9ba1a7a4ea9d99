// The audio post's search (spec 001 §4 Audio post, §7 /search_audio, §9): what is typed is
// searched on spotify and soundcloud 200 ms after the last key, 4 results each; a service
// whose search fails gives no results (§8).
import { useEffect, useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { searchAudio, type AudioSearchProvider } from '../../../api/composerLookups';
import type { AudioResult } from '../../../api/types/AudioResult';
import { AUDIO_SEARCH_DEBOUNCE_MS, AUDIO_SEARCH_RESULTS } from '../constants';

/** The services searched, in the order their results are listed. */
export const AUDIO_SEARCH_PROVIDERS: readonly AudioSearchProvider[] = ['spotify', 'soundcloud'];

/** The results of one search, by service. */
export interface AudioSearch {
  query: string;
  results: { provider: AudioSearchProvider; results: AudioResult[] }[];
}

/** The answer for `query` ('' asks nothing), or null while it is on its way. */
export function useAudioSearch(query: string): AudioSearch | null {
  const api = useApi();
  const [answer, setAnswer] = useState<AudioSearch | null>(null);

  useEffect(() => {
    if (!query) return;
    let current = true;
    const timer = setTimeout(() => {
      const searches = AUDIO_SEARCH_PROVIDERS.map((provider) =>
        searchAudio(api, query, provider)
          .then((results) => ({ provider, results: results.slice(0, AUDIO_SEARCH_RESULTS) }))
          .catch(() => ({ provider, results: [] })),
      );
      void Promise.all(searches).then((results) => {
        if (current) setAnswer({ query, results });
      });
    }, AUDIO_SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, query]);

  return query && answer?.query === query ? answer : null;
}
