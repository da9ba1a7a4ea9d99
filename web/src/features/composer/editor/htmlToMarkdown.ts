// Rich (or HTML) to markdown (spec 001 §4 Editor type: "Rich to html or markdown converts the
// content and is free"): the editor's elements written as markdown. Elements markdown has no
// syntax for (iframes, small, sup, sub) stay as HTML, which markdown keeps as it is; the
// server renders the markdown and sanitises the result, so nothing here needs to be safe.
import { READ_MORE_MARKER } from '../strings';

/** Escapes the characters that would start markdown syntax inside text. */
function escapeText(text: string): string {
  return text.replace(/([\\`*_[\]])/g, '\\$1');
}

/** Escapes what would start a block at the beginning of a line. */
function escapeLineStart(line: string): string {
  return line.replace(/^(\s*)(#{1,6}\s|>|[-+]\s|\d+\.\s)/, (_m, space: string, mark: string) => `${space}\\${mark}`);
}

function inline(node: Node): string {
  let out = '';
  node.childNodes.forEach((child) => {
    out += inlineNode(child);
  });
  return out;
}

function wrap(mark: string, inner: string): string {
  // Markdown emphasis cannot start or end with a space: keep the spaces outside.
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner)!;
  return match[2] ? `${match[1]}${mark}${match[2]}${mark}${match[3]}` : inner;
}

function inlineNode(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return escapeText((node.textContent ?? '').replace(/\s+/g, ' '));
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const el = node as Element;
  switch (el.tagName.toLowerCase()) {
    case 'strong':
    case 'b':
      return wrap('**', inline(el));
    case 'em':
    case 'i':
      return wrap('*', inline(el));
    case 's':
    case 'strike':
    case 'del':
      return wrap('~~', inline(el));
    case 'code':
      return `\`${el.textContent ?? ''}\``;
    case 'a': {
      const href = el.getAttribute('href') ?? '';
      return href ? `[${inline(el)}](${href.replace(/\)/g, '%29')})` : inline(el);
    }
    case 'br':
      return '  \n';
    case 'img':
      return `![${escapeText(el.getAttribute('alt') ?? '')}](${el.getAttribute('src') ?? ''})`;
    default:
      // small, sup, sub and anything else markdown cannot say: as HTML.
      return el.outerHTML;
  }
}

function indent(text: string, prefix: string, first = prefix): string {
  return text
    .split('\n')
    .map((line, i) => (line ? (i === 0 ? first : prefix) + line : line))
    .join('\n');
}

function listItems(list: Element, ordered: boolean): string {
  const items: string[] = [];
  let n = 1;
  list.childNodes.forEach((child) => {
    if (child.nodeType !== Node.ELEMENT_NODE || (child as Element).tagName.toLowerCase() !== 'li') return;
    const marker = ordered ? `${n++}. ` : '- ';
    const body = blocks(child).trim();
    items.push(indent(body, ' '.repeat(marker.length), marker));
  });
  return items.join('\n');
}

function block(el: Element): string | null {
  switch (el.tagName.toLowerCase()) {
    case 'p': {
      const text = inline(el).trim();
      if (el.textContent?.trim() === READ_MORE_MARKER) return READ_MORE_MARKER;
      return text.split('\n').map(escapeLineStart).join('\n');
    }
    case 'h1':
    case 'h2':
    case 'h3':
      return `## ${inline(el).trim()}`;
    case 'blockquote':
      return indent(blocks(el).trim(), '> ').replace(/^$/gm, '>');
    case 'ul':
      return listItems(el, false);
    case 'ol':
      return listItems(el, true);
    case 'pre':
      return `\`\`\`\n${(el.textContent ?? '').replace(/\n$/, '')}\n\`\`\``;
    case 'hr':
      return '---';
    case 'figure': {
      const img = el.querySelector('img');
      return img ? inlineNode(img) : el.outerHTML;
    }
    case 'iframe':
      return el.outerHTML;
    default:
      return null;
  }
}

/** Block-level children, separated by blank lines; loose inline content becomes a paragraph. */
function blocks(parent: Node): string {
  const out: string[] = [];
  let loose = '';
  const flush = () => {
    if (loose.trim()) out.push(loose.trim());
    loose = '';
  };
  parent.childNodes.forEach((child) => {
    const asBlock = child.nodeType === Node.ELEMENT_NODE ? block(child as Element) : null;
    if (asBlock === null) {
      loose += inlineNode(child);
      return;
    }
    flush();
    if (asBlock) out.push(asBlock);
  });
  flush();
  return out.join('\n\n');
}

export function htmlToMarkdown(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return blocks(doc.body).trim();
}
