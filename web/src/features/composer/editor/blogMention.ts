// @-mentions of blogs in the rich-text editor (spec 001 §4 Mention flow), on TipTap's mention
// extension and its suggestion plugin: typing @ enters the mention state, the blogs whose
// names start with what follows are asked of POST /svc/mention 10 ms after the last key, and
// the dropdown (mentionMenu.ts) offers them.
//
// A confirmed mention is saved as a plain link to the blog, `<a href="/blog/ann">@ann</a>`:
// the server's sanitiser (src/posts/sanitize.rs) keeps links with their href and drops every
// data-* attribute, so the extension's own `<span data-type="mention">` would be saved as
// bare text. Reading the post back for an edit turns such a link into a mention again.
import Mention from '@tiptap/extension-mention';
import type { SuggestionOptions } from '@tiptap/suggestion';
import type { MentionedBlog } from '../../../api/composerModels';
import { MENTION_DEBOUNCE_MS } from '../constants';
import type { MentionChoice, MentionMenu } from './mentionMenu';

/** A blog's page, where a mention links. */
export function mentionHref(name: string): string {
  return `/blog/${encodeURIComponent(name)}`;
}

/** The blog a link mentions: `<a href="/blog/{name}">@{name}</a>`, and nothing else. */
function mentionedBlog(link: HTMLElement): string | null {
  const match = /^\/blog\/([^/?#]+)\/?$/.exec(link.getAttribute('href') ?? '');
  if (!match) return null;
  const name = decodeURIComponent(match[1]);
  return link.textContent === `@${name}` ? name : null;
}

export interface BlogMentionOptions {
  menu: MentionMenu;
  /** Blogs whose names start with `query`. */
  findBlogs(query: string): Promise<MentionedBlog[]>;
}

export function blogMention({ menu, findBlogs }: BlogMentionOptions) {
  return Mention.extend({
    parseHTML() {
      return [
        {
          tag: 'a[href]',
          // Above the link mark's rule: a link that is a mention is read as the mention.
          priority: 60,
          getAttrs: (el) => {
            const name = mentionedBlog(el as HTMLElement);
            return name ? { id: name, label: name } : false;
          },
        },
      ];
    },
  }).configure({
    renderHTML: ({ node }) => ['a', { href: mentionHref(String(node.attrs.id)) }, `@${String(node.attrs.id)}`],
    renderText: ({ node }) => `@${String(node.attrs.id)}`,
    suggestion: {
      char: '@',
      debounce: MENTION_DEBOUNCE_MS,
      // A bare @ asks nothing: the server answers an empty name with no blogs.
      minQueryLength: 1,
      items: async ({ query }) => {
        try {
          return await findBlogs(query);
        } catch {
          // A failed lookup offers nothing; the @ stays as typed.
          return [];
        }
      },
      render: menu.renderer,
    } satisfies Partial<SuggestionOptions<MentionedBlog, MentionChoice>>,
  });
}
