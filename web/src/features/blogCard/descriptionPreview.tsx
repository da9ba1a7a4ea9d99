// A description not yet saved, as the server will show it (src/blogs/description.rs): the same
// few inline elements, links only over http, https or mailto, typed line breaks kept. Built as
// React elements from the browser's inert parse (DOMParser runs no script and loads nothing),
// never set as HTML: everything else is its text, and script or style is dropped with its text.
import { Fragment, type ReactNode } from 'react';

const KEPT = new Set(['B', 'STRONG', 'I', 'EM', 'SMALL', 'P']);
const DROPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE']);
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

function linkTarget(href: string | null): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href);
    return LINK_SCHEMES.has(url.protocol) ? url.href : undefined;
  } catch {
    // Relative: the server resolves it against the blog's address; the preview links nowhere.
    return undefined;
  }
}

function nodes(list: NodeListOf<ChildNode>, key: string): ReactNode[] {
  return Array.from(list, (node, i) => {
    const k = `${key}.${i}`;
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const el = node as Element;
    if (DROPPED.has(el.tagName)) return null;
    if (el.tagName === 'BR') return <br key={k} />;
    const children = nodes(el.childNodes, k);
    if (el.tagName === 'A') {
      return (
        <a key={k} href={linkTarget(el.getAttribute('href'))} rel="noopener noreferrer nofollow">
          {children}
        </a>
      );
    }
    if (KEPT.has(el.tagName)) {
      const Tag = el.tagName.toLowerCase() as 'b' | 'strong' | 'i' | 'em' | 'small' | 'p';
      return <Tag key={k}>{children}</Tag>;
    }
    return <Fragment key={k}>{children}</Fragment>;
  });
}

/** `description` as typed, for the preview of Edit appearance. */
export function DescriptionPreview({ description }: { description: string }) {
  const typed = description.replace(/\r\n/g, '\n').replace(/\n/g, '<br>');
  const body = new DOMParser().parseFromString(typed, 'text/html').body;
  return <div className="blog-card__description">{nodes(body.childNodes, 'd')}</div>;
}
