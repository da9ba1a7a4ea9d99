import { createContext, useContext } from 'react';

/**
 * How a post's HTML fields treat the read-more marker: cut with a 'Keep reading' link to the
 * post's page (on lists), or shown whole (on the post's own page). Set once per post by
 * PostView, read by every PostHtml inside it.
 */
export interface ReadMore {
  full: boolean;
  postUrl: string;
  /**
   * Shown inside the blog viewer drawer: 'Keep reading' opens the post there, as the drawer's
   * other links to a post do, instead of leaving the drawer for the post's page.
   */
  inViewer: boolean;
}

export const ReadMoreContext = createContext<ReadMore>({ full: true, postUrl: '', inViewer: false });

export function useReadMore(): ReadMore {
  return useContext(ReadMoreContext);
}
