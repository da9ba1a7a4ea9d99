// Pasting (spec 001 §5 Other): plain text that is an image URL is inserted as the image; if
// the image does not load, the text is inserted as text. (A plain URL becoming a link is the
// link extension's linkOnPaste and autolink.)
import { Extension } from '@tiptap/react';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { loadImage } from '../../upload';
import { isImageUrl } from '../model/urls';
import { insertImage } from './toolbarItems';

/** `urlChars`: the server's `limits.urlChars` (no URL is taken until it is configured). */
export const PasteImageUrl = Extension.create<{ urlChars: number }>({
  name: 'pasteImageUrl',
  addOptions() {
    return { urlChars: 0 };
  },
  addProseMirrorPlugins() {
    const editor = this.editor;
    const { urlChars } = this.options;
    return [
      new Plugin({
        key: new PluginKey('pasteImageUrl'),
        props: {
          handlePaste: (_view, event) => {
            const data = event.clipboardData;
            if (!data || data.getData('text/html')) return false;
            const text = data.getData('text/plain').trim();
            if (!isImageUrl(text, urlChars)) return false;
            loadImage(text).then(
              ({ naturalWidth: width, naturalHeight: height }) =>
                insertImage(editor, text, width && height ? { width, height } : undefined),
              () => editor.chain().focus().insertContent(text).run(),
            );
            return true;
          },
        },
      }),
    ];
  },
});
