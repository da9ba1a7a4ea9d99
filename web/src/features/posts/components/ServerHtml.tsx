import type { ServerHtml as Html } from '../../../api/serverHtml';

/**
 * A post's HTML field (a body, a caption, a quote's source, an answer, a trail's content, a
 * reblog's comment) or a blog's description as HTML. The one component that renders the
 * server's HTML fields, and safe to: the server sanitised every such field (ammonia:
 * src/posts/sanitize.rs, src/blogs/description.rs; no script, style, event handler or
 * javascript: URL), and the ServerHtml type can only be made from those fields
 * (api/serverHtml.ts). Anything else is rendered as text.
 */
export function ServerHtml({ html, className }: { html: Html; className?: string }) {
  return <div className={className ? `post-html ${className}` : 'post-html'} dangerouslySetInnerHTML={{ __html: html }} />;
}
