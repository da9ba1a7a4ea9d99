// The rich editor's keyboard shortcuts (spec 001 §9), one row each: the key as a browser
// reports it (with shift held, the shifted character and the key's code), what the text
// starts as, and the HTML the post's field holds after the key press.
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './RichTextEditor';

/** A key press as Chrome on Linux reports it: "meta" is Ctrl off a Mac (ProseMirror's Mod). */
interface Press {
  key: string;
  keyCode: number;
  shift?: boolean;
  ctrl?: boolean;
}

/** The editor behind the textbox (TipTap hangs it on its element), to select the text. */
function editorOf(textbox: HTMLElement): Editor {
  return (textbox as HTMLElement & { editor: Editor }).editor;
}

function renderEditor(value: string, { onFocusTitle = vi.fn() } = {}) {
  const changes: string[] = [];
  render(
    <RichTextEditor
      label="Body"
      value={value}
      onChange={(html) => changes.push(html)}
      inlineControls={['photo', 'video', 'horizontalLine', 'readMore']}
      embedLimit={5}
      urlChars={2048}
      onFocusTitle={onFocusTitle}
    />,
  );
  const textbox = screen.getByRole('textbox', { name: 'Body' });
  const editor = editorOf(textbox);
  /**
   * What the form holds now: the last HTML the editor gave it. StarterKit's trailing node
   * keeps an empty paragraph after a last block that is not one (so the cursor can go below
   * it); that line is left out here.
   */
  const html = () => (changes.at(-1) ?? value).replace(/<p><\/p>$/, '');
  return { textbox, editor, html, onFocusTitle };
}

function press(textbox: HTMLElement, { key, keyCode, shift = false, ctrl = true }: Press) {
  act(() => {
    fireEvent.keyDown(textbox, { key, keyCode, which: keyCode, ctrlKey: ctrl, shiftKey: shift });
  });
}

/** Answers the overlay input a shortcut opened, as a user would: type, then Enter. */
function answerOverlay(label: string, value: string) {
  const input = screen.getByRole('textbox', { name: label });
  fireEvent.change(input, { target: { value } });
  act(() => {
    fireEvent.keyDown(input, { key: 'Enter' });
  });
}

const HELLO = '<p>Hello</p>';

const FORMATS: { name: string; press: Press; from?: string; html: string }[] = [
  { name: 'bold, meta+b', press: { key: 'b', keyCode: 66 }, html: '<p><strong>Hello</strong></p>' },
  { name: 'italic, meta+i', press: { key: 'i', keyCode: 73 }, html: '<p><em>Hello</em></p>' },
  { name: 'headline, meta+shift+2', press: { key: '@', keyCode: 50, shift: true }, html: '<h2>Hello</h2>' },
  { name: 'strikethrough, meta+shift+6', press: { key: '^', keyCode: 54, shift: true }, html: '<p><s>Hello</s></p>' },
  {
    name: 'ordered list, meta+shift+7',
    press: { key: '&', keyCode: 55, shift: true },
    html: '<ol><li><p>Hello</p></li></ol>',
  },
  {
    name: 'unordered list, meta+shift+8',
    press: { key: '*', keyCode: 56, shift: true },
    html: '<ul><li><p>Hello</p></li></ul>',
  },
  {
    name: 'blockquote, meta+shift+9',
    press: { key: '(', keyCode: 57, shift: true },
    html: '<blockquote><p>Hello</p></blockquote>',
  },
  {
    name: 'clear format, meta+shift+0',
    press: { key: ')', keyCode: 48, shift: true },
    from: '<h2><strong><em>Hello</em></strong></h2>',
    html: HELLO,
  },
];

describe('the formatting shortcuts (spec 001 §9), on the selected text', () => {
  it.each(FORMATS)('$name', ({ press: key, from = HELLO, html: expected }) => {
    const { textbox, editor, html } = renderEditor(from);
    act(() => {
      editor.commands.selectAll();
    });
    press(textbox, key);
    expect(html()).toBe(expected);
  });

  it('the same key again takes the format off (bold, meta+b)', () => {
    const { textbox, editor, html } = renderEditor('<p><strong>Hello</strong></p>');
    act(() => {
      editor.commands.selectAll();
    });
    press(textbox, { key: 'b', keyCode: 66 });
    expect(html()).toBe(HELLO);
  });

  it('link, meta+k: asks for the address and links the selected text', () => {
    const { textbox, editor, html } = renderEditor(HELLO);
    act(() => {
      editor.commands.selectAll();
    });
    press(textbox, { key: 'k', keyCode: 75 });
    answerOverlay('Link address', 'example.com/page');
    const link = new DOMParser().parseFromString(html(), 'text/html').querySelector('p > a');
    expect([link?.getAttribute('href'), link?.textContent]).toEqual(['http://example.com/page', 'Hello']);
  });
});

describe('the inserting shortcuts (spec 001 §9), at the cursor after the text', () => {
  const atEnd = (editor: Editor) =>
    act(() => {
      editor.commands.focus('end');
    });

  it('photo, meta+shift+p: asks for an image address and puts the image in a figure', () => {
    const { textbox, editor, html } = renderEditor(HELLO);
    atEnd(editor);
    press(textbox, { key: 'P', keyCode: 80, shift: true });
    answerOverlay('Photo address', 'https://example.com/cat.png');
    expect(html()).toBe('<p>Hello</p><figure><img src="https://example.com/cat.png" alt=""></figure>');
  });

  it('video embed, meta+shift+m: asks for the address and embeds its player', () => {
    const { textbox, editor, html } = renderEditor(HELLO);
    atEnd(editor);
    press(textbox, { key: 'M', keyCode: 77, shift: true });
    answerOverlay('Video address', 'https://youtu.be/dQw4w9WgXcQ');
    expect(html()).toBe(
      '<p>Hello</p><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="540" height="304" allowfullscreen="true" frameborder="0"></iframe>',
    );
  });

  it('horizontal line, meta+shift+l', () => {
    const { textbox, editor, html } = renderEditor(HELLO);
    atEnd(editor);
    press(textbox, { key: 'L', keyCode: 76, shift: true });
    expect(html()).toBe('<p>Hello</p><hr>');
  });

  it('read-more, meta+shift+k: the [[MORE]] marker, shown as Keep reading', () => {
    const { textbox, editor, html } = renderEditor(HELLO);
    atEnd(editor);
    press(textbox, { key: 'K', keyCode: 75, shift: true });
    expect(html()).toBe('<p>Hello</p><p>[[MORE]]</p>');
    expect(screen.getByRole('separator', { name: 'Keep reading' })).toBeTruthy();
  });
});

describe('title focus, ctrl or meta+shift+1 (spec 001 §9)', () => {
  it('asks the form to focus the title, and changes nothing in the text', () => {
    const { textbox, html, onFocusTitle } = renderEditor(HELLO);
    press(textbox, { key: '!', keyCode: 49, shift: true });
    expect(onFocusTitle).toHaveBeenCalledTimes(1);
    expect(html()).toBe(HELLO);
  });
});
