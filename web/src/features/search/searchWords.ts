// What the searches say, in a blog (spec 002 §2 In-blog search) and across blogs.

/** Spec 002 §2: the no-results view. */
export function nothingHereAbout(term: string): string {
  return `Nothing here about ${term}.`;
}

/**
 * A failed search. The server's error bodies for search are not shown (spec 002 §8 Not
 * shown): this line stands for all of them, with a way to try again.
 */
export const SEARCH_FAILED = "Search isn't working right now.";
