// POST /svc/search/inline_gif (spec 000 §7): the GIF panel's one call.
import type { ApiClient, CallOptions } from '../../api/client';
import type { GifImage } from '../../api/types/GifImage';
import type { GifMessage } from '../../api/types/GifMessage';
import type { InlineGifForm } from '../../api/types/InlineGifForm';
import type { InlineGifResults } from '../../api/types/InlineGifResults';
import { GIF_SEARCH_LIMIT } from './constants';
import { INVALID_GIF_SEARCH_RESPONSE } from './strings';

/** One search's answer (spec 000 §3 GIF search query): the GIFs, and what the server says. */
export interface GifSearchAnswer {
  query: string;
  media: GifImage[];
  /** Shown instead of the panel's own lines (§8); null when the server says nothing. */
  message: GifMessage | null;
}

/**
 * Searches for `query` (already trimmed and lower-cased). An answer without a list of GIFs is
 * an error, 'Invalid GIF search response' (§5, §8). `signal` aborts the search (§8: a search
 * that is no longer wanted is aborted, not left to finish).
 */
export async function searchGifs(
  api: ApiClient,
  query: string,
  { limit = GIF_SEARCH_LIMIT, signal }: CallOptions & { limit?: number } = {},
): Promise<GifSearchAnswer> {
  // Typed as possibly anything: the check below is what makes it an InlineGifResults.
  const answer = await api.post<Partial<InlineGifResults> | null, InlineGifForm>(
    '/svc/search/inline_gif',
    { q: query, limit: String(limit) },
    { signal },
  );
  if (!answer || !Array.isArray(answer.media)) throw new Error(INVALID_GIF_SEARCH_RESPONSE);
  const message = answer.message;
  return {
    query: answer.query ?? query,
    media: answer.media,
    message: message && (message.header || message.body) ? { header: message.header ?? '', body: message.body ?? '' } : null,
  };
}
