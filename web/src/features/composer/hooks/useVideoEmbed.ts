// How the video post's URL or embed code embeds (spec 001 §7 get_video_data): asked 250 ms
// after the last key, at the composer's embed width; an answer without a thumbnail is asked
// again once, 2000 ms later (a service may still be making it). Answers for text the user
// has since changed are dropped.
import { useEffect, useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { fetchVideoData } from '../../../api/composerLookups';
import type { EmbedData } from '../../../api/types/EmbedData';
import { URL_INPUT_DEBOUNCE_MS, EMBED_RETRY_DELAY_MS, EMBED_WIDTH } from '../constants';

export type VideoEmbed =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; data: EmbedData }
  /** The server could not tell (a failed call), or named no player it can show. */
  | { status: 'invalid' };

/** The embed of `source` (a URL or embed code; '' asks nothing). */
export function useVideoEmbed(source: string): VideoEmbed {
  const api = useApi();
  const [embed, setEmbed] = useState<{ source: string; embed: VideoEmbed }>({ source: '', embed: { status: 'none' } });

  useEffect(() => {
    if (!source) return;
    let current = true;
    const timers: number[] = [];
    const answer = (data: EmbedData) => {
      if (current) setEmbed({ source, embed: data.unsupported ? { status: 'invalid' } : { status: 'ready', data } });
    };
    const ask = () => fetchVideoData(api, source, EMBED_WIDTH);
    timers.push(
      window.setTimeout(() => {
        ask()
          .then((data) => {
            answer(data);
            if (current && !data.unsupported && !data.thumbnail) {
              timers.push(
                window.setTimeout(() => {
                  // The retry keeps the first answer if it fails.
                  ask().then(answer, () => undefined);
                }, EMBED_RETRY_DELAY_MS),
              );
            }
          })
          .catch(() => {
            if (current) setEmbed({ source, embed: { status: 'invalid' } });
          });
      }, URL_INPUT_DEBOUNCE_MS),
    );
    return () => {
      current = false;
      timers.forEach((t) => window.clearTimeout(t));
    };
  }, [api, source]);

  if (!source) return { status: 'none' };
  return embed.source === source ? embed.embed : { status: 'loading' };
}
