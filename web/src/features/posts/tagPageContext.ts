// The blog page for one tag (/blog/{name}/tagged/{tag}) tells the posts on it which tag it
// lists, so that the blog's owner can pin a post there (spec 002 §7 /svc/promote) and the
// page can list its posts again, the pinned one first.
import { createContext, useContext } from 'react';

export interface TagPage {
  /** The tag, as the page's address has it. */
  tag: string;
  /** A post was pinned or unpinned: the page lists its posts again. */
  pinsChanged(): void;
}

export const TagPageContext = createContext<TagPage | null>(null);

export function useTagPage(): TagPage | null {
  return useContext(TagPageContext);
}
