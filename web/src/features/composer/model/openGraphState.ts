// The link post's OpenGraph lookup as the post model keeps it (spec 001 §4 Link form). Its own
// file: the post model holds it, and linkMedia.ts, which fills the link from the lookup,
// reads the post model.

/** The link's OpenGraph lookup. */
export interface OpenGraphState {
  /** A lookup is under way: the post waits for it ('Loading OpenGraph data.'). */
  pending: boolean;
  /**
   * The tags the last lookup put on the post. While the post's tags are still exactly
   * these, the user has entered no tags of their own, and the next lookup may replace them.
   */
  tags: string[];
  /** The page's image when the page did not say its width: it is measured before use. */
  unmeasuredImage: string;
}

export const noOpenGraph: OpenGraphState = { pending: false, tags: [], unmeasuredImage: '' };
