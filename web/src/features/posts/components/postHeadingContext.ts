import { createContext, useContext } from 'react';

export type PostHeadingLevel = 2 | 3;

/** The heading level of a post's title: 2 under a page's h1, 3 under a section's h2. */
export const PostHeadingContext = createContext<PostHeadingLevel>(2);

export function usePostHeading(): 'h2' | 'h3' {
  return `h${useContext(PostHeadingContext)}`;
}
