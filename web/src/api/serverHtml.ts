// HTML the server's sanitiser (ammonia) has already cleaned: a post's HTML fields
// (src/posts/sanitize.rs: the editor's elements only) and a blog's description
// (src/blogs/description.rs: a few inline elements and links). Never a script, a style, an
// event handler or a javascript: URL. Only the wire-to-model files (postModels.ts, models.ts)
// make one, from a field the server sanitises, so the one component that renders HTML
// (features/posts/components/ServerHtml.tsx) can be handed nothing else.

export type ServerHtml = string & { readonly __sanitisedByTheServer: true };

/** Marks a wire HTML field as what it is. Not for anything but the server's HTML fields. */
export function serverHtml(html: string): ServerHtml {
  return html as ServerHtml;
}

/** No HTML at all: what a field holds once its words are taken out (a reblog's media). */
export const EMPTY_HTML: ServerHtml = serverHtml('');
