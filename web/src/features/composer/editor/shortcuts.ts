// The keyboard shortcuts of spec 001 §9, on top of the ones the schema's extensions bring.
// "meta" is the platform's command key: Cmd on a Mac, Ctrl elsewhere (ProseMirror's Mod).
import { Extension, type Editor } from '@tiptap/react';
import { clearFormat, insertHorizontalLine, insertReadMore } from './toolbarItems';

/** What a shortcut asks of the form: the controls that need an address, and the title. */
export interface ShortcutHandlers {
  link(): void;
  photo(): void;
  video(): void;
  /** meta+shift+g: the GIF search (spec 000 §2.6). */
  gif(): void;
  /** ctrl or meta+shift+1: focus the post's title. */
  focusTitle(): void;
}

export interface ShortcutOptions {
  /**
   * Called at the moment of the key press, so the form can change its handlers freely. A
   * function, not a ref object: `configure()` deep-merges plain objects into copies, and a
   * copied ref would hold its value of that moment (null) forever.
   */
  handlers(): ShortcutHandlers | null;
}

const call = (options: ShortcutOptions, name: keyof ShortcutHandlers) => {
  const handler = options.handlers()?.[name];
  if (!handler) return false;
  handler();
  return true;
};

export const ComposerShortcuts = Extension.create<ShortcutOptions>({
  name: 'composerShortcuts',
  addOptions() {
    return { handlers: () => null };
  },
  addKeyboardShortcuts() {
    const editor = (): Editor => this.editor;
    return {
      'Mod-Shift-2': () => editor().chain().focus().toggleHeading({ level: 2 }).run(),
      'Mod-k': () => call(this.options, 'link'),
      'Mod-Shift-6': () => editor().chain().focus().toggleStrike().run(),
      'Mod-Shift-7': () => editor().chain().focus().toggleOrderedList().run(),
      'Mod-Shift-8': () => editor().chain().focus().toggleBulletList().run(),
      'Mod-Shift-9': () => editor().chain().focus().toggleBlockquote().run(),
      'Mod-Shift-0': () => clearFormat(editor()),
      'Mod-Shift-p': () => call(this.options, 'photo'),
      'Mod-Shift-m': () => call(this.options, 'video'),
      'Mod-Shift-g': () => call(this.options, 'gif'),
      'Mod-Shift-l': () => insertHorizontalLine(editor()),
      'Mod-Shift-k': () => insertReadMore(editor()),
      'Mod-Shift-1': () => call(this.options, 'focusTitle'),
      'Ctrl-Shift-1': () => call(this.options, 'focusTitle'),
    };
  },
});
