// The audio post's search (spec 001 §4 Audio post, §7 /search_audio, §9): what is typed is
// searched on spotify and soundcloud 200 ms after the last key, 4 results each; in the
// copyright fallback (§8) youtube too (in new mode only), 3 results each. A service whose
// search fails gives no results (§8).
import { useEffect, useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { searchAudio, type AudioSearchProvider } from '../../../api/composerLookups';
import type { AudioResult } from '../../../api/types/AudioResult';
import { AUDIO_SEARCH_DEBOUNCE_MS, AUDIO_SEARCH_RESULTS, COPYRIGHT_FALLBACK_SEARCH_RESULTS } from '../constants';
import type { ComposerMode } from '../model/postModel';

/** Which services are searched, in the order their results are listed, and how many results each. */
export interface AudioSearchPlan {
  providers: readonly AudioSearchProvider[];
  limit: number;
}

const USUAL_SEARCH: AudioSearchPlan = { providers: ['spotify', 'soundcloud'], limit: AUDIO_SEARCH_RESULTS };
const COPYRIGHT_SEARCH: AudioSearchPlan = { providers: ['spotify', 'soundcloud'], limit: COPYRIGHT_FALLBACK_SEARCH_RESULTS };
// A youtube result makes the post a video, and the type may change only in new mode (§4 Modes).
const COPYRIGHT_SEARCH_NEW: AudioSearchPlan = {
  providers: ['spotify', 'soundcloud', 'youtube'],
  limit: COPYRIGHT_FALLBACK_SEARCH_RESULTS,
};

/** The search an audio post makes: the usual one, or the copyright fallback's (§8). */
export function audioSearchPlan(copyrightFallback: boolean, mode: ComposerMode): AudioSearchPlan {
  if (!copyrightFallback) return USUAL_SEARCH;
  return mode === 'new' ? COPYRIGHT_SEARCH_NEW : COPYRIGHT_SEARCH;
}

/** The results of one search, by service. */
export interface AudioSearch {
  query: string;
  results: { provider: AudioSearchProvider; results: AudioResult[] }[];
}

/** The answer for `query` ('' asks nothing) under `plan`, or null while it is on its way. */
export function useAudioSearch(query: string, plan: AudioSearchPlan = USUAL_SEARCH): AudioSearch | null {
  const api = useApi();
  const [answer, setAnswer] = useState<{ plan: AudioSearchPlan; search: AudioSearch } | null>(null);

  useEffect(() => {
    if (!query) return;
    let current = true;
    const timer = setTimeout(() => {
      const searches = plan.providers.map((provider) =>
        searchAudio(api, query, provider)
          .then((results) => ({ provider, results: results.slice(0, plan.limit) }))
          .catch(() => ({ provider, results: [] })),
      );
      void Promise.all(searches).then((results) => {
        if (current) setAnswer({ plan, search: { query, results } });
      });
    }, AUDIO_SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, query, plan]);

  // An answer for other words, or for the other plan (the upload was refused meanwhile), is old.
  return query && answer?.search.query === query && answer.plan === plan ? answer.search : null;
}
