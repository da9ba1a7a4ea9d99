// The formatting toolbar, in the spec's order, and the inline controls after it. Buttons
// show whether their format applies where the cursor is.
import { useEditorState, type Editor } from '@tiptap/react';
import type { ReactNode } from 'react';
import { CameraIcon, LinkIcon, VideoIcon } from '../components/icons';
import { sprintf } from '../../../lib/format';
import { TOO_MANY_VIDEOS } from '../strings';
import { FORMATTING, INLINE_CONTROLS, type EditorRequests, type InlineControl } from './toolbarItems';

/** The shortcut as a tooltip shows it on this platform: ⌘ on a Mac, Ctrl elsewhere. */
function shortcutText(shortcut: string): string {
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return shortcut.replace('meta', mac ? '⌘' : 'Ctrl').replace(/\+/g, mac ? '' : '+').toUpperCase();
}

export function Toolbar({
  editor,
  requests,
  inlineControls,
  onInline,
  embedsLeft,
  embedLimit,
  disabled,
}: {
  editor: Editor;
  requests: EditorRequests;
  /** The inline controls this field offers (none for a caption, all for a text body). */
  inlineControls: readonly InlineControl[];
  onInline(control: InlineControl): void;
  embedsLeft: number;
  embedLimit: number;
  disabled: boolean;
}) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => FORMATTING.map((item) => item.isActive(e)),
  });
  const controls = INLINE_CONTROLS.filter((c) => inlineControls.includes(c.name));
  return (
    <div className="rich-text__toolbar" role="toolbar" aria-label="Text formatting">
      {FORMATTING.map((item, i) => (
        <button
          key={item.name}
          type="button"
          className={`rich-text__tool rich-text__tool--${item.name}`}
          aria-label={item.label}
          aria-pressed={active[i]}
          title={`${item.label} (${shortcutText(item.shortcut)})`}
          disabled={disabled}
          // Keep the selection in the editor while clicking the button.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => item.run(editor, requests)}
        >
          <span aria-hidden="true">{TOOL_GLYPHS[item.name]}</span>
        </button>
      ))}
      {controls.length > 0 && <span className="rich-text__separator" aria-hidden="true" />}
      {controls.map((control) => {
        const full = control.name === 'video' && embedsLeft <= 0;
        const tooltip = full ? sprintf(TOO_MANY_VIDEOS, String(embedLimit)) : `${control.label} (${shortcutText(control.shortcut)})`;
        return (
          <button
            key={control.name}
            type="button"
            className={`rich-text__tool rich-text__tool--${control.name}`}
            aria-label={control.label}
            title={tooltip}
            // aria-disabled rather than disabled: the tooltip must still say why.
            aria-disabled={full || disabled || undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              if (!full && !disabled) onInline(control.name);
            }}
          >
            <span aria-hidden="true">{TOOL_GLYPHS[control.name]}</span>
          </button>
        );
      })}
    </div>
  );
}

/** What each button shows; its name is its aria-label. */
const TOOL_GLYPHS: Record<string, ReactNode> = {
  bold: 'B',
  italic: 'I',
  headline: 'H',
  link: <LinkIcon size={16} />,
  strikethrough: 'S',
  // From CSS (base.css [data-glyph]): "1." as text would be read as a label that is not in
  // the button's name, Ordered list. (The single letters count as symbols already.)
  orderedList: <span data-glyph="1." />,
  unorderedList: '•',
  blockquote: '“',
  photo: <CameraIcon size={16} />,
  gif: 'GIF',
  video: <VideoIcon size={16} />,
  horizontalLine: '―',
  readMore: '⋯',
};
