import { Link } from 'wouter';

/**
 * The post's tags, each linking to its blog's page for the tag. Tags are text: `<script>`
 * shows as those characters, never as an element.
 */
export function PostTags({ blogName, tags }: { blogName: string; tags: string[] }) {
  if (tags.length === 0) return null;
  const blog = encodeURIComponent(blogName);
  return (
    <ul className="post-tags" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link to={`/blog/${blog}/tagged/${encodeURIComponent(tag)}`} className="post-tags__tag">
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
