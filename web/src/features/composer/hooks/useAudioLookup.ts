// Looking an audio URL up with its service (spec 001 §7 get_{service}_data): the track's
// details and player. The last 10 answers are kept (§9), so choosing a track again, or
// removing it and pasting it back, asks nothing.
import { useCallback, useRef } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { fetchAudioData, type AudioLookupService } from '../../../api/composerLookups';
import type { AudioTrack } from '../../../api/composerModels';
import { AUDIO_LOOKUP_CACHE } from '../constants';

export type AudioLookup = (service: AudioLookupService, url: string) => Promise<AudioTrack>;

export function useAudioLookup(): AudioLookup {
  const api = useApi();
  // Answers by service and URL, oldest first (a Map keeps insertion order).
  const cache = useRef(new Map<string, AudioTrack>());

  return useCallback(
    async (service: AudioLookupService, url: string) => {
      const key = `${service} ${url}`;
      const known = cache.current.get(key);
      if (known) return known;
      const data = await fetchAudioData(api, service, url);
      cache.current.set(key, data);
      while (cache.current.size > AUDIO_LOOKUP_CACHE) cache.current.delete(cache.current.keys().next().value!);
      return data;
    },
    [api],
  );
}
