// The rich-text editor's schema: exactly the elements the server keeps (spec 001 §5 "Editor
// allowed elements": links, bold, italic, strike, h2, blockquote, paragraphs, lists, iframes
// with http, https or protocol-relative sources, figures, images, br, hr, pre, code, small,
// sup, sub). Whatever else is pasted or loaded is dropped by the schema before it can be
// saved, so what the user sees in the editor is what the post will hold.
import { Mark, Node, type Extensions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { KEEP_READING, READ_MORE_MARKER } from '../strings';

/** An address an image may show: http(s), or one of the server's own paths (an upload). */
export function allowedImageSrc(src: string | null | undefined): string | null {
  const value = (src ?? '').trim();
  return /^https?:\/\//i.test(value) || /^\/(?!\/)/.test(value) ? value : null;
}

/** An iframe may only show a page over http, https or protocol-relative (§5). */
export function allowedIframeSrc(src: string | null | undefined): string | null {
  const value = (src ?? '').trim();
  return /^(https?:)?\/\//i.test(value) ? value : null;
}

/** A mark that is one plain element: small, sup, sub. */
function elementMark(name: string, tag: string) {
  return Mark.create({
    name,
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });
}

const Small = elementMark('small', 'small');
const Superscript = elementMark('superscript', 'sup');
const Subscript = elementMark('subscript', 'sub');

const numberOrNull = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** An image, kept as the server stores one: a figure around an img. */
export const Figure = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: '' }, width: { default: null }, height: { default: null } };
  },
  parseHTML() {
    const fromImg = (img: Element | null) => {
      const src = allowedImageSrc(img?.getAttribute('src'));
      if (!img || !src) return false;
      return {
        src,
        alt: img.getAttribute('alt') ?? '',
        width: numberOrNull(img.getAttribute('width')),
        height: numberOrNull(img.getAttribute('height')),
      };
    };
    return [
      // Above the paragraph rule, so that a figure is read whole.
      { tag: 'figure', priority: 60, getAttrs: (el) => fromImg((el as HTMLElement).querySelector('img')) },
      { tag: 'img', getAttrs: (el) => fromImg(el as HTMLElement) },
    ];
  },
  renderHTML({ node }) {
    const { src, alt, width, height } = node.attrs as { src: string; alt: string; width: number | null; height: number | null };
    const size = width && height ? { 'data-orig-width': String(width), 'data-orig-height': String(height) } : {};
    const imgSize = width && height ? { width: String(width), height: String(height) } : {};
    return ['figure', size, ['img', { src, alt, ...imgSize }]];
  },
});

/** A video (or other) player embedded in the text. */
export const Iframe = Node.create({
  name: 'iframe',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, width: { default: 540 }, height: { default: 304 } };
  },
  parseHTML() {
    return [
      {
        tag: 'iframe',
        getAttrs: (el) => {
          const src = allowedIframeSrc((el as HTMLElement).getAttribute('src'));
          if (!src) return false;
          return {
            src,
            width: numberOrNull((el as HTMLElement).getAttribute('width')) ?? 540,
            height: numberOrNull((el as HTMLElement).getAttribute('height')) ?? 304,
          };
        },
      },
    ];
  },
  renderHTML({ node }) {
    const { src, width, height } = node.attrs as { src: string; width: number; height: number };
    return ['iframe', { src, width: String(width), height: String(height), allowfullscreen: 'true', frameborder: '0' }];
  },
});

/**
 * The read-more marker (§9: [[MORE]], shown to readers as 'Keep reading'). Stored as a
 * paragraph of its own holding the marker; the editor shows it as a labelled divider.
 */
export const ReadMore = Node.create({
  name: 'readMore',
  group: 'block',
  atom: true,
  parseHTML() {
    return [
      {
        tag: 'p',
        // Above the paragraph rule: this paragraph is the marker, not text.
        priority: 100,
        getAttrs: (el) => ((el as HTMLElement).textContent?.trim() === READ_MORE_MARKER ? {} : false),
      },
    ];
  },
  renderHTML() {
    return ['p', {}, READ_MORE_MARKER];
  },
  addNodeView() {
    return () => {
      const dom = document.createElement('div');
      dom.className = 'read-more-marker';
      dom.contentEditable = 'false';
      dom.setAttribute('role', 'separator');
      dom.setAttribute('aria-label', KEEP_READING);
      dom.textContent = KEEP_READING;
      return { dom };
    };
  },
});

/** The editor's elements, and nothing else. */
export function schemaExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2] },
      underline: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        protocols: ['http', 'https', 'mailto'],
        defaultProtocol: 'https',
        isAllowedUri: (url) => /^(https?:\/\/|mailto:|\/(?!\/))/i.test(url.trim()),
      },
    }),
    Small,
    Superscript,
    Subscript,
    Figure,
    Iframe,
    ReadMore,
  ];
}
