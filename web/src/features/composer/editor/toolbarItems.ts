// The rich-text editor's controls: the formatting toolbar in the spec's order (§9 "Toolbar
// order: bold, italic, headline, link, strikethrough, ordered list, unordered list,
// blockquote") and the inline controls that insert things, in §1's order: inline photo, GIF
// (the GIF search, spec 000 §2.6), video embed, horizontal line, read-more.
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import type { Editor, JSONContent } from '@tiptap/react';

/** What a control asks of the form around the editor: the ones that need an address. */
export interface EditorRequests {
  /** Asks for a link's address (meta+k). */
  link(): void;
  /** Asks for a photo: an address or a file (meta+shift+p). */
  photo(): void;
  /** Opens the GIF search (meta+shift+g). */
  gif(): void;
  /** Asks for a video's address (meta+shift+m). */
  video(): void;
}

export interface ToolbarItem {
  name: string;
  label: string;
  /** The shortcut, as the spec writes it (shown in the button's tooltip). */
  shortcut: string;
  isActive(editor: Editor): boolean;
  run(editor: Editor, requests: EditorRequests): void;
}

export const FORMATTING: readonly ToolbarItem[] = [
  {
    name: 'bold',
    label: 'Bold',
    shortcut: 'meta+b',
    isActive: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    name: 'italic',
    label: 'Italic',
    shortcut: 'meta+i',
    isActive: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    name: 'headline',
    label: 'Headline',
    shortcut: 'meta+shift+2',
    isActive: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    name: 'link',
    label: 'Link',
    shortcut: 'meta+k',
    isActive: (e) => e.isActive('link'),
    run: (_e, requests) => requests.link(),
  },
  {
    name: 'strikethrough',
    label: 'Strikethrough',
    shortcut: 'meta+shift+6',
    isActive: (e) => e.isActive('strike'),
    run: (e) => e.chain().focus().toggleStrike().run(),
  },
  {
    name: 'orderedList',
    label: 'Ordered list',
    shortcut: 'meta+shift+7',
    isActive: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    name: 'unorderedList',
    label: 'Unordered list',
    shortcut: 'meta+shift+8',
    isActive: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    name: 'blockquote',
    label: 'Blockquote',
    shortcut: 'meta+shift+9',
    isActive: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
];

/** Removes every mark and turns blocks back into paragraphs (meta+shift+0). */
export function clearFormat(editor: Editor): boolean {
  return editor.chain().focus().unsetAllMarks().clearNodes().run();
}

export function insertHorizontalLine(editor: Editor): boolean {
  return editor.chain().focus().setHorizontalRule().run();
}

/**
 * Inserts a block that holds no text (an image, a player, the read-more marker) at the cursor,
 * then puts the cursor in the line after it, as the horizontal line does. Left to itself the
 * editor keeps the new block selected, and the next block inserted would replace it: a second
 * video would take the first one's place. A block the user selected stays too: the new one
 * goes after it.
 */
function insertBlock(editor: Editor, content: JSONContent): boolean {
  const { selection } = editor.state;
  const chain = editor.chain().focus();
  if (selection instanceof NodeSelection) chain.insertContentAt(selection.to, content);
  else chain.insertContent(content);
  return chain
    .command(({ tr, dispatch }) => {
      if (!dispatch || !(tr.selection instanceof NodeSelection)) return true;
      const after = tr.selection.to;
      if (!tr.doc.resolve(after).nodeAfter?.isTextblock) tr.insert(after, tr.doc.type.schema.nodes.paragraph.create());
      tr.setSelection(TextSelection.create(tr.doc, after + 1));
      return true;
    })
    .run();
}

/** Inserts the [[MORE]] marker where the reader's page will say 'Keep reading'. */
export function insertReadMore(editor: Editor): boolean {
  return insertBlock(editor, { type: 'readMore' });
}

export function insertImage(editor: Editor, src: string, size?: { width: number; height: number }): boolean {
  return insertBlock(editor, { type: 'image', attrs: { src, width: size?.width ?? null, height: size?.height ?? null } });
}

export function insertIframe(editor: Editor, src: string): boolean {
  return insertBlock(editor, { type: 'iframe', attrs: { src } });
}

/** The iframes (inline video embeds) the text holds, for the per-post limit. */
export function countIframes(editor: Editor): number {
  let count = 0;
  editor.state.doc.descendants((node) => {
    if (node.type.name === 'iframe') count++;
  });
  return count;
}

/** Inline controls: each inserts something into the text. */
export type InlineControl = 'photo' | 'gif' | 'video' | 'horizontalLine' | 'readMore';

export const INLINE_CONTROLS: readonly { name: InlineControl; label: string; shortcut: string }[] = [
  { name: 'photo', label: 'Insert a photo', shortcut: 'meta+shift+p' },
  { name: 'gif', label: 'Insert a GIF', shortcut: 'meta+shift+g' },
  { name: 'video', label: 'Insert a video', shortcut: 'meta+shift+m' },
  { name: 'horizontalLine', label: 'Insert a horizontal line', shortcut: 'meta+shift+l' },
  { name: 'readMore', label: 'Insert a read-more break', shortcut: 'meta+shift+k' },
];
