import { usePostHeading } from '../postHeadingContext';

/** A text or chat post's title: a heading at the level the page gives its posts. Nothing when empty. */
export function PostTitle({ title }: { title: string }) {
  const Heading = usePostHeading();
  if (!title) return null;
  return <Heading className="post-title">{title}</Heading>;
}
