import { createContext, useContext } from 'react';

/**
 * How a post's HTML fields treat the read-more marker: cut with a 'Keep reading' link to the
 * post's page (on lists), or shown whole (on the post's own page). Set once per post by
 * PostView, read by every PostHtml inside it.
 */
export interface ReadMore {
  full: boolean;
  postUrl: string;
}

export const ReadMoreContext = createContext<ReadMore>({ full: true, postUrl: '' });

export function useReadMore(): ReadMore {
  return useContext(ReadMoreContext);
}
