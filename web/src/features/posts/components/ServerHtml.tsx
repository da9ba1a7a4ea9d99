import type { ServerHtml as Html } from '../../../api/postModels';

/**
 * A post's HTML field (a body, a caption, a quote's source, an answer, a trail's content, a
 * reblog's comment) as HTML. The one place posts use dangerouslySetInnerHTML, and safe to:
 * the server sanitised every such field when the post was saved (ammonia with the editor's
 * elements only, src/posts/sanitize.rs: no script, style, event handler or javascript: URL),
 * and the ServerHtml type can only be made from those fields (api/postModels.ts). Anything
 * else a post carries is rendered as text.
 */
export function ServerHtml({ html, className }: { html: Html; className?: string }) {
  return <div className={className ? `post-html ${className}` : 'post-html'} dangerouslySetInnerHTML={{ __html: html }} />;
}
