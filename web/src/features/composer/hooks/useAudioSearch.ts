// The audio post's search (spec 001 §4 Audio post, §7 /search_audio, §9): what is typed is
// searched on spotify, soundcloud and Apple Music 200 ms after the last key, as many results each as the
// server answers (`limits.audioSearchResults`); in the
// copyright fallback (§8) youtube too (in new mode only), 3 results each. A service whose
// search fails gives no results (§8).
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../api/ApiProvider';
import { searchAudio, type AudioSearchProvider } from '../../../api/composerLookups';
import type { AudioSearchResult } from '../../../api/composerModels';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { AUDIO_SEARCH_DEBOUNCE_MS, COPYRIGHT_FALLBACK_SEARCH_RESULTS } from '../constants';
import type { ComposerMode } from '../model/postModel';

/** Which services are searched, in the order their results are listed, and how many results each. */
export interface AudioSearchPlan {
  providers: readonly AudioSearchProvider[];
  limit: number;
}

const USUAL_PROVIDERS: readonly AudioSearchProvider[] = ['spotify', 'soundcloud', 'apple_music'];
const COPYRIGHT_SEARCH: AudioSearchPlan = { providers: ['spotify', 'soundcloud'], limit: COPYRIGHT_FALLBACK_SEARCH_RESULTS };
// A youtube result makes the post a video, and the type may change only in new mode (§4 Modes).
const COPYRIGHT_SEARCH_NEW: AudioSearchPlan = {
  providers: ['spotify', 'soundcloud', 'youtube'],
  limit: COPYRIGHT_FALLBACK_SEARCH_RESULTS,
};

/**
 * The search an audio post makes: the usual one, with as many results as the server gives
 * (`results`, its `limits.audioSearchResults`), or the copyright fallback's (§8).
 */
export function audioSearchPlan(copyrightFallback: boolean, mode: ComposerMode, results: number): AudioSearchPlan {
  if (!copyrightFallback) return { providers: USUAL_PROVIDERS, limit: results };
  return mode === 'new' ? COPYRIGHT_SEARCH_NEW : COPYRIGHT_SEARCH;
}

/** The results of one search, by service; `searchable` false when the server cannot search it. */
export interface AudioSearch {
  query: string;
  results: { provider: AudioSearchProvider; results: AudioSearchResult[]; searchable: boolean }[];
}

/** The answer for `query` ('' asks nothing) under `plan`, or null while it is on its way. */
export function useAudioSearch(query: string, plan: AudioSearchPlan): AudioSearch | null {
  const api = useApi();
  const asked = useDebouncedValue(query, AUDIO_SEARCH_DEBOUNCE_MS);
  const answer = useQuery({
    queryKey: ['audioSearch', asked, plan.providers, plan.limit],
    queryFn: async (): Promise<AudioSearch> => {
      const results = await Promise.all(
        plan.providers.map((provider) =>
          searchAudio(api, asked, provider)
            .then((found) => ({ provider, results: found.results.slice(0, plan.limit), searchable: found.searchable }))
            // A failed search gives no results (§8), and says nothing of the server.
            .catch(() => ({ provider, results: [], searchable: true })),
        ),
      );
      return { query: asked, results };
    },
    enabled: asked !== '' && asked === query,
  });

  // An answer for other words, or for the other plan (the upload was refused meanwhile), is old.
  return query && asked === query && answer.data ? answer.data : null;
}
