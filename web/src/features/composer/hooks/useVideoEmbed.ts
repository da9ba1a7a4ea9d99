// How the video post's URL or embed code embeds (spec 001 §7 get_video_data): asked 250 ms
// after the last key, at the composer's embed width; an answer without a thumbnail is asked
// again once, 2000 ms later (a service may still be making it). Answers for text the user
// has since changed are dropped.
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../api/ApiProvider';
import { fetchVideoData } from '../../../api/composerLookups';
import type { VideoEmbedData } from '../../../api/composerModels';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { URL_INPUT_DEBOUNCE_MS, EMBED_RETRY_DELAY_MS, EMBED_WIDTH } from '../constants';

export type VideoEmbed =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; data: VideoEmbedData }
  /** The server could not tell (a failed call), or named no player it can show. */
  | { status: 'invalid' };

/** An answer worth asking again: an embed the server can show, without its thumbnail yet. */
const lacksThumbnail = (data: VideoEmbedData | undefined) => data !== undefined && !data.unsupported && !data.thumbnail;

/** The embed of `source` (a URL or embed code; '' asks nothing). */
export function useVideoEmbed(source: string): VideoEmbed {
  const api = useApi();
  const asked = useDebouncedValue(source, URL_INPUT_DEBOUNCE_MS);
  const embed = useQuery({
    queryKey: ['videoEmbed', asked, EMBED_WIDTH],
    queryFn: () => fetchVideoData(api, asked, EMBED_WIDTH),
    enabled: asked !== '' && asked === source,
    // Asked again once, 2000 ms after a first answer without a thumbnail; the retry keeps the
    // first answer if it fails.
    refetchInterval: (query) =>
      lacksThumbnail(query.state.data) && query.state.dataUpdateCount + query.state.errorUpdateCount === 1
        ? EMBED_RETRY_DELAY_MS
        : false,
    retry: false,
  });

  if (!source) return { status: 'none' };
  if (asked !== source || embed.isPending) return { status: 'loading' };
  // The server could not tell (a failed call), or named no player it can show.
  if (!embed.data || embed.data.unsupported) return { status: 'invalid' };
  return { status: 'ready', data: embed.data };
}
