// POST /svc/search/inline_gif (spec 000 §7): the GIF panel's one call, and the one place where
// its answer becomes the panel's models.
import type { ApiClient, CallOptions } from './client';
import type { GifImage } from './types/GifImage';
import type { InlineGifForm } from './types/InlineGifForm';
import type { InlineGifResults } from './types/InlineGifResults';

// The server writes a GIF's fields in the spec's camelCase already: the wire shape is the
// model's, so the model is the generated type under its own name.
/** One GIF (spec 000 §3 GIF image): its image, its size, the post and blog it was found in. */
export type { GifImage };

/** What the panel shows above the results instead of its own lines (spec 000 §5). */
export interface GifSearchMessage {
  header: string;
  body: string;
}

/** One search's answer (spec 000 §3 GIF search query): the GIFs, and what the server says. */
export interface GifSearchAnswer {
  query: string;
  media: GifImage[];
  /** Shown instead of the panel's own lines (§8); null when the server says nothing. */
  message: GifSearchMessage | null;
}

/** Raised when the search's answer has no list of GIFs; never shown to the user (§8). */
export const INVALID_GIF_SEARCH_RESPONSE = 'Invalid GIF search response';

/**
 * The answer to a search for `query`. Typed as possibly anything: an answer without a list of
 * GIFs is an error, 'Invalid GIF search response' (§5, §8), and a message with neither a header
 * nor a body is none.
 */
export function gifSearchAnswerFromWire(answer: unknown, query: string): GifSearchAnswer {
  const w = answer as Partial<InlineGifResults> | null;
  if (!w || !Array.isArray(w.media)) throw new Error(INVALID_GIF_SEARCH_RESPONSE);
  const message = w.message;
  return {
    query: w.query ?? query,
    media: w.media,
    message: message && (message.header || message.body) ? { header: message.header ?? '', body: message.body ?? '' } : null,
  };
}

/**
 * Searches for `query` (already trimmed and lower-cased), for at most `limit` GIFs. `signal`
 * aborts the search (§8: a search that is no longer wanted is aborted, not left to finish).
 */
export async function searchGifs(
  api: ApiClient,
  query: string,
  { limit, signal }: CallOptions & { limit: number },
): Promise<GifSearchAnswer> {
  const answer = await api.post<unknown, InlineGifForm>('/svc/search/inline_gif', { q: query, limit: String(limit) }, { signal });
  return gifSearchAnswerFromWire(answer, query);
}
