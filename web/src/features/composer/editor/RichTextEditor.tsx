// The rich-text editor (TipTap): the schema of the server's elements, the spec's toolbar and
// shortcuts, @-mentions of blogs, the overlay inputs for a link, an inline photo and a video
// embed, and the GIF search (its toolbar button, or meta+shift+g). It holds its own document;
// the form gets its HTML on every change.
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { MentionedBlog } from '../../../api/composerModels';
import { GifSearchPanel } from '../../gifSearch';
import { FileButton } from '../components/FileButton';
import { GIF_RESULT_WIDTH } from '../constants';
import { isImageUrl, isWebUrl, normalizeLinkUrl, videoEmbedUrl } from '../model/urls';
import { ACCEPT } from '../uploads/uploadRules';
import type { InlineImage } from '../uploads/useUploads';
import { blogMention } from './blogMention';
import { MentionDropdown } from './MentionDropdown';
import { MentionMenu } from './mentionMenu';
import { OverlayInput } from './OverlayInput';
import { PasteImageUrl } from './pasteImageUrl';
import { schemaExtensions } from './schema';
import { ComposerShortcuts, type ShortcutHandlers } from './shortcuts';
import { Toolbar } from './Toolbar';
import {
  countIframes,
  insertHorizontalLine,
  insertIframe,
  insertImage,
  insertReadMore,
  type EditorRequests,
  type InlineControl,
} from './toolbarItems';

type Overlay = 'link' | 'photo' | 'video' | 'gif' | null;

export interface RichTextEditorProps {
  label: string;
  /** The HTML it starts with; later changes of the prop are not read (key the editor to reset). */
  value: string;
  onChange(html: string): void;
  placeholder?: string;
  disabled?: boolean;
  inlineControls?: readonly InlineControl[];
  /** Uploads an image chosen for the text; resolves with where it is, or null. */
  onUploadImage?(file: File): Promise<InlineImage | null>;
  /** Inline video embeds the post may hold (§5: the user's limit, else the server's). */
  embedLimit: number;
  /** A URL is shorter than this (the server's `limits.urlChars`). */
  urlChars: number;
  /** ctrl or meta+shift+1. */
  onFocusTitle?(): void;
  /** Autofocus when the form opens. */
  autoFocus?: boolean;
  /** Blogs to @-mention whose names start with `query`; without it, @ is just a character. */
  findMentions?(query: string): Promise<MentionedBlog[]>;
}

export function RichTextEditor({
  label,
  value,
  onChange,
  placeholder,
  disabled = false,
  inlineControls = [],
  onUploadImage,
  embedLimit,
  urlChars,
  onFocusTitle,
  autoFocus = false,
  findMentions,
}: RichTextEditorProps) {
  const [overlay, setOverlay] = useState<Overlay>(null);
  const labelId = useId();
  const handlers = useRef<ShortcutHandlers | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const offersPhoto = inlineControls.includes('photo');
  const offersGif = inlineControls.includes('gif');
  const offersVideo = inlineControls.includes('video');

  const bodyRef = useRef<HTMLDivElement>(null);
  const [mentionMenu] = useState(() => new MentionMenu());
  const mentionLookup = useRef(findMentions);
  mentionLookup.current = findMentions;
  const offersMentions = findMentions !== undefined;

  const extensions = useMemo(
    () => [
      ...schemaExtensions(),
      ComposerShortcuts.configure({ handlers: () => handlers.current }),
      PasteImageUrl.configure({ urlChars }),
      ...(offersMentions
        ? [blogMention({ menu: mentionMenu, findBlogs: (query) => mentionLookup.current?.(query) ?? Promise.resolve([]) })]
        : []),
    ],
    // Made once for an editor in practice: the limit and the menu stay for its life.
    [urlChars, offersMentions, mentionMenu],
  );
  const editor = useEditor({
    extensions,
    content: value,
    editable: !disabled,
    autofocus: autoFocus ? 'end' : false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: 'rich-text__content',
      },
    },
    onUpdate: ({ editor: e }) => changed.current(e.getHTML()),
  });

  // Without emitting an update: TipTap's default sends one, which the form took for an edit
  // and so cleared the error bar the save had just shown as it unlocked the form.
  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  const textbox = useCallback(() => (editor.isDestroyed ? null : editor.view.dom), [editor]);

  const { isEmpty, embeds } = useEditorState({
    editor,
    selector: ({ editor: e }) => ({ isEmpty: e.isEmpty, embeds: countIframes(e) }),
  });
  const embedsLeft = embedLimit - embeds;

  const requests: EditorRequests = {
    link: () => setOverlay('link'),
    photo: () => offersPhoto && setOverlay('photo'),
    gif: () => offersGif && setOverlay('gif'),
    video: () => offersVideo && embedsLeft > 0 && setOverlay('video'),
  };
  handlers.current = { ...requests, focusTitle: () => onFocusTitle?.() };

  const closeOverlay = () => {
    setOverlay(null);
    editor.commands.focus();
  };

  const onInline = (control: InlineControl) => {
    if (control === 'photo') requests.photo();
    else if (control === 'gif') requests.gif();
    else if (control === 'video') requests.video();
    else if (control === 'horizontalLine') insertHorizontalLine(editor);
    else insertReadMore(editor);
  };

  const uploadImage = async (file: File) => {
    setOverlay(null);
    const image = await onUploadImage?.(file);
    if (image) insertImage(editor, image.url, image.width && image.height ? image : undefined);
  };

  return (
    <div className={disabled ? 'rich-text is-disabled' : 'rich-text'}>
      <span id={labelId} className="visually-hidden">
        {label}
      </span>
      <Toolbar
        editor={editor}
        requests={requests}
        inlineControls={inlineControls}
        onInline={onInline}
        embedsLeft={embedsLeft}
        embedLimit={embedLimit}
        disabled={disabled}
      />
      {overlay === 'link' && (
        <OverlayInput
          label="Link address"
          initialValue={(editor.getAttributes('link').href as string | undefined) ?? ''}
          placeholder="https://"
          maxChars={urlChars}
          isValid={(v) => normalizeLinkUrl(v, urlChars) !== '' || v.startsWith('mailto:')}
          onCancel={closeOverlay}
          onDone={(v) => {
            setOverlay(null);
            const chain = editor.chain().focus().extendMarkRange('link');
            if (!v) chain.unsetLink().run();
            else chain.setLink({ href: v.startsWith('mailto:') ? v : normalizeLinkUrl(v, urlChars) }).run();
          }}
        />
      )}
      {overlay === 'photo' && (
        <OverlayInput
          label="Photo address"
          placeholder="https://"
          maxChars={urlChars}
          isValid={(v) => isImageUrl(v, urlChars)}
          onCancel={closeOverlay}
          onDone={(v) => {
            setOverlay(null);
            if (v) insertImage(editor, v);
            else editor.commands.focus();
          }}
        >
          {onUploadImage && (
            <FileButton
              label="Upload a photo"
              accept={ACCEPT.inlineImage}
              className="button button--quiet overlay-input__file"
              onFiles={([file]) => void uploadImage(file)}
            />
          )}
        </OverlayInput>
      )}
      {overlay === 'video' && (
        <OverlayInput
          label="Video address"
          placeholder="https://"
          maxChars={urlChars}
          isValid={(v) => isWebUrl(v, urlChars)}
          onCancel={closeOverlay}
          onDone={(v) => {
            setOverlay(null);
            const src = v ? videoEmbedUrl(v, urlChars) : null;
            if (src) insertIframe(editor, src);
            else editor.commands.focus();
          }}
        />
      )}
      {overlay === 'gif' && (
        <GifSearchPanel
          resultWidth={GIF_RESULT_WIDTH}
          onCancel={closeOverlay}
          onSelect={(gif) => {
            setOverlay(null);
            insertImage(editor, gif.mediaUrl, gif.width > 0 && gif.height > 0 ? gif : undefined);
          }}
        />
      )}
      <div className="rich-text__body" ref={bodyRef}>
        {isEmpty && placeholder && (
          <div className="rich-text__placeholder" aria-hidden="true">
            {placeholder}
          </div>
        )}
        <EditorContent editor={editor} />
        {offersMentions && <MentionDropdown menu={mentionMenu} containerRef={bodyRef} textbox={textbox} />}
      </div>
    </div>
  );
}
